// The ordering service's public interface.
export { orderingService, redeemService } from './service.js';
export type { CustomerOrderingProfile, OrderingDeps } from './deps.js';
export { redemptionPages, type RedemptionPageDeps } from './redemption/redemption-page.js';
export { FULFIL_ORDER_QUEUE, fulfilOrder } from './fulfilment/fulfil-order.js';
export { expireDueLinks } from './jobs/expire-links.js';
export { discardAbandonedBulkBatches } from './jobs/discard-abandoned-bulk-batches.js';
