export * from './currency.js';
