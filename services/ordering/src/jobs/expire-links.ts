import { and, eq, inArray, isNull, lte, orderItems, orders, type Database } from '@boon/db';
import { job } from '../deps.js';
import { voidOrderItems } from '../orders/order-ledger.js';

export const EXPIRE_LINKS_QUEUE = 'ordering.expire-links';

/**
 * Every ten minutes: unclaimed links (and choices) past their expiry are EXPIRED and their holds
 * voided, so the money is back on the balance. One order at a time, each in its own
 * transaction, items locked, so a claim racing the expiry is either kept or refused.
 */
export const expireLinksJob = job(
  EXPIRE_LINKS_QUEUE,
  async (_data, _attempt, { db }) => {
    await expireDueLinks(db);
  },
  { schedule: '*/10 * * * *' },
);

/** Expires every link past its time; returns how many. */
export async function expireDueLinks(db: Database): Promise<number> {
  let count = 0;
  for (;;) {
    const due = await db
      .selectDistinct({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(
        and(
          inArray(orderItems.status, ['ISSUED', 'SENT']),
          isNull(orderItems.claimedAt),
          isNull(orderItems.supplierReference),
          lte(orderItems.expiresAt, new Date()),
        ),
      )
      .limit(50);
    if (due.length === 0) return count;
    for (const { orderId } of due) {
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!order) return;
        const expired = await tx
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(
            and(
              eq(orderItems.orderId, orderId),
              inArray(orderItems.status, ['ISSUED', 'SENT']),
              isNull(orderItems.claimedAt),
              isNull(orderItems.supplierReference),
              lte(orderItems.expiresAt, new Date()),
            ),
          )
          .for('update');
        const ids = expired.map((row) => row.id);
        if (ids.length === 0) return;
        await tx.update(orderItems).set({ status: 'EXPIRED' }).where(inArray(orderItems.id, ids));
        await voidOrderItems(tx, order, ids, 'UNSPENT_VALUE');
        count += ids.length;
      });
    }
  }
}
