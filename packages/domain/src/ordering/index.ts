export * from './order-price.js';
export * from './denominations.js';
export * from './order-rules.js';
export * from './bulk-orders.js';
