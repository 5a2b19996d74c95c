import { job } from '../deps.js';
import { FULFIL_ORDER_QUEUE, fulfilOrder } from '../fulfilment/fulfil-order.js';

/**
 * Queued with each order, in its transaction (at its scheduled time when it has one). A run whose
 * worker died is picked up again after a minute, not pg-boss's default quarter of an hour; a slow
 * run that outlives the minute is safe too, as every item moves on once (fulfil-order.ts). Three
 * orders are worked at once: one order's wait on the supplier or a commit is another's turn.
 */
export const fulfilOrderJob = job<{ orderId: string }>(
  FULFIL_ORDER_QUEUE,
  ({ orderId }, attempt, deps) => fulfilOrder(orderId, deps, attempt),
  { expireInSeconds: 60, workers: 3 },
);
