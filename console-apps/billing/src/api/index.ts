export * from './billing-api';
export * from './save-file';
export * from './balance-currencies';
