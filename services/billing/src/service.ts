import { defineService } from '@boon/service-kit';
import type { BillingDeps } from './deps.js';
import { expireHoldsJob } from './jobs/expire-holds.js';
import { verifyLedgerNightlyJob } from './jobs/verify-ledger-nightly.js';
import { seedDemoLedger } from './seed-demo-ledger.js';

/**
 * Billing: the money ledger so far. Its HTTP routes (balances, top-ups, FX, statements,
 * transactions) come with the billing screens; other services move money through index.ts.
 */
export const billingService = defineService<BillingDeps>({
  name: 'billing',
  routes: [],
  jobs: [expireHoldsJob, verifyLedgerNightlyJob],
  seed: (db) => seedDemoLedger(db),
});
