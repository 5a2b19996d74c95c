export * from './catalog-api';
