export * from './currency.js';
export * from './feature-toggles.js';
export * from './guard-chain.js';
export * from './permission-guard.js';
export * from './playground.js';
export * from './route-meta.js';
export * from './sidebar.js';
export * from './special-customers.js';
