export * from './billing-api';
