export * from './orders-api';
export * from './bulk-api';
