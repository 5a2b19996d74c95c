export * from './balance-forecast.js';
export * from './float-currencies.js';
export * from './transaction-labels.js';
export * from './card-payments.js';
