export * from './claims.js';
export * from './console-config.js';
export * from './customer.js';
export * from './errors.js';
export * from './health.js';
export * from './ids.js';
export * from './permissions.js';
export * from './user.js';
