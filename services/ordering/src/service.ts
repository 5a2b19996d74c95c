import { defineService } from '@boon/service-kit';
import type { OrderingDeps } from './deps.js';
import { discardAbandonedBulkBatchesJob } from './jobs/discard-abandoned-bulk-batches.js';
import { expireLinksJob } from './jobs/expire-links.js';
import { fulfilOrderJob } from './jobs/fulfil-order-job.js';
import { linkRemindersJob } from './jobs/link-reminders.js';
import { bulkOrderRoutes } from './routes/bulk-order-routes.js';
import { orderRoutes } from './routes/order-routes.js';
import { redeemRoutes } from './routes/redeem-routes.js';

/** Ordering: orders paid from the ledger, their fulfilment, and the recipients' links. */
export const orderingService = defineService<OrderingDeps>({
  name: 'ordering',
  routes: [...orderRoutes, ...bulkOrderRoutes],
  jobs: [fulfilOrderJob, expireLinksJob, linkRemindersJob, discardAbandonedBulkBatchesJob],
});

/** The recipients' public calls, under their own base path (decisions.md: /api/redeem). */
export const redeemService = defineService<OrderingDeps>({
  name: 'redeem',
  routes: redeemRoutes,
});
