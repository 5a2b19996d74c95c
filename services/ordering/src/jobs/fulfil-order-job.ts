import { job } from '../deps.js';
import { FULFIL_ORDER_QUEUE, fulfilOrder } from '../fulfilment/fulfil-order.js';

/** Queued with each order, in its transaction (at its scheduled time when it has one). */
export const fulfilOrderJob = job<{ orderId: string }>(
  FULFIL_ORDER_QUEUE,
  ({ orderId }, attempt, deps) => fulfilOrder(orderId, deps, attempt),
);
