export * from './billing-api';
export * from './balance-currencies';
