import type { Order, OrderItemResend } from '@boon/contracts';
import { eq, orderItems, orders, sql, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CatalogProduct } from '@boon/catalog';
import type { OrderingDeps } from '../deps.js';
import { rewardMail } from '../fulfilment/fulfil-order.js';
import type { OrderActor } from './create-order.js';
import { findOrderRow, orderView } from './order-repository.js';

/**
 * Sends an e-mail reward's mail again, optionally to a corrected recipient. The
 * recipient of an issued reward is never changed silently: the change is audited, from and to.
 */
export async function resendOrderItem(
  tx: Database,
  actor: OrderActor,
  orderId: string,
  itemId: string,
  body: OrderItemResend,
  single: CatalogProduct | undefined,
  deps: Pick<OrderingDeps, 'publicUrl' | 'mailDeliveries' | 'productName' | 'mailer'>,
): Promise<Order> {
  const order = await findOrderRow(tx, actor.customerId, orderId);
  if (!order) throw new AppError('order_not_found');
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  if (!item || item.orderId !== orderId) throw new AppError('order_not_found');
  if (item.recipientEmail === null || (item.status !== 'SENT' && item.status !== 'CLAIMED')) {
    throw new AppError('order_item_not_resendable');
  }
  const recipient = body.recipient;
  const changed =
    recipient !== undefined &&
    (recipient.email !== item.recipientEmail || recipient.name !== item.recipientName);
  const updated = {
    ...item,
    recipientName: recipient?.name ?? item.recipientName,
    recipientEmail: recipient?.email ?? item.recipientEmail,
  };
  const { id } = await deps.mailer.send(tx, rewardMail(order, updated, single, deps));
  await tx
    .update(orderItems)
    .set({
      mailId: id,
      sentAt: new Date(),
      recipientName: updated.recipientName,
      recipientEmail: updated.recipientEmail,
    })
    .where(eq(orderItems.id, itemId));
  if (changed) {
    // The history's search finds the order by its new recipient too.
    const added = `${updated.recipientName ?? ''} ${updated.recipientEmail ?? ''}`.toLowerCase();
    await tx
      .update(orders)
      .set({ searchText: sql`${orders.searchText} || ' ' || ${added}` })
      .where(eq(orders.id, orderId));
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: changed ? 'order.item.recipient_change' : 'order.item.resend',
    target: itemId,
    details: changed
      ? {
          orderId,
          from: { name: item.recipientName, email: item.recipientEmail },
          to: { name: updated.recipientName, email: updated.recipientEmail },
        }
      : { orderId },
  });
  const after = await orderView(tx, actor.customerId, orderId, deps);
  if (!after) throw new AppError('order_not_found');
  return after;
}
