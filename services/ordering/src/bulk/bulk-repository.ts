import type { BulkBatch } from '@boon/contracts';
import {
  and,
  asc,
  bulkBatches,
  bulkChunks,
  eq,
  orderItems,
  orders,
  sql,
  type BulkBatchRow,
  type Database,
} from '@boon/db';
import { amount } from '../orders/order-repository.js';

/** A customer's bulk order; undefined for another customer's or none. */
export async function findBulkBatch(
  db: Database,
  customerId: string,
  batchId: string,
): Promise<BulkBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.id, batchId), eq(bulkBatches.customerId, customerId)))
    .limit(1);
  return row;
}

/** A bulk order as GET /bulk-orders/{id} answers it: chunks, orders, totals and progress. */
export async function bulkBatchView(db: Database, batch: BulkBatchRow): Promise<BulkBatch> {
  const chunks = await db
    .select({ chunkNumber: bulkChunks.chunkNumber })
    .from(bulkChunks)
    .where(eq(bulkChunks.batchId, batch.id))
    .orderBy(asc(bulkChunks.chunkNumber));
  const made = await db
    .select()
    .from(orders)
    .where(and(eq(orders.bulkBatchId, batch.id), eq(orders.customerId, batch.customerId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const totals = new Map<
    string,
    { faceValue: bigint; discount: bigint; fees: bigint; total: bigint; items: number }
  >();
  for (const order of made) {
    const sum = totals.get(order.currency) ?? {
      faceValue: 0n,
      discount: 0n,
      fees: 0n,
      total: 0n,
      items: 0,
    };
    sum.faceValue += order.totalFaceValue;
    sum.discount += order.totalDiscount;
    sum.fees += order.totalFees;
    sum.total += order.total;
    sum.items += order.itemCount;
    totals.set(order.currency, sum);
  }
  const counts =
    made.length === 0
      ? []
      : (
          (await db.execute(sql`
            select i.status, count(*)::int as n
              from ${orderItems} i join ${orders} o on o.id = i.order_id
             where o.bulk_batch_id = ${batch.id} and o.customer_id = ${batch.customerId}
             group by i.status`)) as unknown as { rows: { status: string; n: number }[] }
        ).rows;
  const count = (...statuses: string[]) =>
    counts.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    batchId: batch.id,
    status: batch.status,
    rowCount: batch.rowCount,
    chunkCount: batch.chunkCount,
    chunksReceived: chunks.map((chunk) => chunk.chunkNumber),
    description: batch.description,
    payFrom: batch.payFrom,
    createdAt: batch.createdAt.toISOString(),
    createdBy: batch.createdByEmail,
    paidAt: batch.paidAt?.toISOString() ?? null,
    totals: [...totals].map(([currency, sum]) => ({
      currency,
      items: sum.items,
      faceValue: amount(currency, sum.faceValue),
      discount: amount(currency, sum.discount),
      fees: amount(currency, sum.fees),
      total: amount(currency, sum.total),
    })),
    orders: made.map((order) => ({
      orderId: order.id,
      status: order.status,
      currency: order.currency,
      itemCount: order.itemCount,
    })),
    progress: {
      sent: count('ISSUED', 'SENT', 'CLAIMED'),
      failed: count('FAILED'),
      cancelled: count('CANCELLED', 'EXPIRED'),
      pending: count('PENDING'),
    },
  };
}
