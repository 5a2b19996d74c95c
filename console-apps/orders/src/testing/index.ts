export * from './serve-orders';
