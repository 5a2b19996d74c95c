export * from './access.js';
export * from './app-error.js';
export * from './audit.js';
export * from './define-service.js';
export * from './idempotency.js';
export * from './ids.js';
export * from './requested-tenant.js';
export * from './require-auth.js';
