// One file per owner: a service's tables are in the file named after it (services/<name>), the
// identity provider's in idp.ts, and platform.ts holds what every service shares (audit log,
// secrets, seed runs). The lint keeps each service to its own tables and the platform's.
export * from './customer-management.js';
export * from './idp.js';
export * from './mail.js';
export * from './billing.js';
export * from './card-processor.js';
export * from './saved-cards.js';
export * from './catalog.js';
export * from './ordering.js';
export * from './reward-supplier.js';
export * from './platform.js';
