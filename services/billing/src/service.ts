import { defineService } from '@boon/service-kit';
import type { BillingDeps } from './deps.js';
import { expireHoldsJob } from './jobs/expire-holds.js';
import { settleCardTopUpsJob } from './jobs/settle-card-top-ups.js';
import { lowBalanceAlertsJob } from './jobs/low-balance-alerts.js';
import { balanceRoutes } from './routes/balance-routes.js';
import { topUpRoutes } from './routes/top-up-routes.js';
import { fxRoutes } from './routes/fx-routes.js';
import { statementRoutes } from './routes/statement-routes.js';
import { transactionRoutes } from './routes/transaction-routes.js';
import { verifyLedgerNightlyJob } from './jobs/verify-ledger-nightly.js';
import { seedDemoLedger } from './seed-demo-ledger.js';

/**
 * Billing: the money ledger, balances and adding funds. Other services move money only through
 * index.ts.
 */
export const billingService = defineService<BillingDeps>({
  name: 'billing',
  routes: [...balanceRoutes, ...topUpRoutes, ...fxRoutes, ...transactionRoutes, ...statementRoutes],
  jobs: [expireHoldsJob, settleCardTopUpsJob, lowBalanceAlertsJob, verifyLedgerNightlyJob],
  seed: ({ db }) => seedDemoLedger(db),
});
