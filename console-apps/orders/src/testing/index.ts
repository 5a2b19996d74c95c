export * from './serve-orders';
export * from './serve-bulk-orders';
