// The billing service's public interface: other services (ordering) move money only through it.
export * from './ledger/create-transfers.js';
export * from './ledger/ledger-accounts.js';
export * from './ledger/verify-ledger.js';
export { orderExchangeRate } from './fx/order-exchange-rate.js';
export { billingService } from './service.js';
export type { BillingDeps } from './deps.js';
export * from './ledger/simulation.js';
export { seedDemoLedger } from './seed-demo-ledger.js';
