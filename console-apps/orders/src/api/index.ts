export * from './orders-api';
