export * from './serve-catalog';
