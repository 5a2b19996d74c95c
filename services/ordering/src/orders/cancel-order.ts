import type { Order } from '@boon/contracts';
import { and, eq, inArray, isNull, orderItems, orders, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { OrderingDeps } from '../deps.js';
import type { OrderActor } from './create-order.js';
import { voidOrderItems } from './order-ledger.js';
import { findOrderRow, orderView } from './order-repository.js';

/**
 * Cancels what of an order is not redeemed (cancel:orders): rewards not issued yet,
 * unclaimed links and unclaimed choices. Their holds are voided, so the money is back on the
 * balance; a reward whose code was issued stays (it is the recipient's). The items are locked
 * first, so a claim racing the cancel either wins (and is kept) or sees the cancel.
 */
export async function cancelOrder(
  tx: Database,
  actor: OrderActor,
  orderId: string,
  deps: Pick<OrderingDeps, 'publicUrl' | 'mailDeliveries'>,
): Promise<Order> {
  const order = await findOrderRow(tx, actor.customerId, orderId);
  if (!order) throw new AppError('order_not_found');
  const locked = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.position)
    .for('update');
  const cancellable = locked.filter(
    (item) =>
      item.status === 'PENDING' ||
      ((item.status === 'ISSUED' || item.status === 'SENT') &&
        item.supplierReference === null &&
        item.claimedAt === null),
  );
  if (cancellable.length === 0) throw new AppError('order_not_cancellable');
  const ids = cancellable.map((item) => item.id);
  const now = new Date();
  await tx
    .update(orderItems)
    .set({ status: 'CANCELLED', cancelledAt: now })
    .where(and(inArray(orderItems.id, ids), isNull(orderItems.claimedAt)));
  await voidOrderItems(tx, order, ids, 'CANCELLATION');
  const rest = locked.filter((item) => !ids.includes(item.id));
  const status = rest.length === 0 ? 'CANCELLED' : 'PARTIALLY_CANCELLED';
  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'order.cancel',
    target: orderId,
    details: { items: ids.length, kept: rest.length },
  });
  const after = await orderView(tx, actor.customerId, orderId, deps);
  if (!after) throw new AppError('order_not_found');
  return after;
}
