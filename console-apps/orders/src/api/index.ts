export * from './orders-api';
export * from './save-file';
