export * from './serve-billing';
