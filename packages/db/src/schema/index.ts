export * from './customer-management.js';
export * from './idp.js';
export * from './platform.js';
