export * from './billing-api';
export * from './save-file';
