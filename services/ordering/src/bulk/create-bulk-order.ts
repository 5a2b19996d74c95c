import type { BulkBatch, BulkBatchCreate } from '@boon/contracts';
import { bulkBatches, type BulkBatchRow, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { OrderingDeps } from '../deps.js';
import type { OrderActor } from '../orders/create-order.js';
import { checkBulkPayFrom } from './bulk-payment.js';
import { bulkBatchView } from './bulk-repository.js';

/**
 * POST /bulk-orders: a bulk order waiting for its rows. Nothing is paid yet; the
 * request's Idempotency-Key makes a retried start the same batch. Its choice of paying balances
 * is checked now (the customer's profile asked before the transaction: PGlite has one
 * connection), and again when the last chunk pays.
 */
export async function createBulkOrder(
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>,
  actor: OrderActor,
  body: BulkBatchCreate,
  deps: OrderingDeps,
): Promise<BulkBatch> {
  if (body.payFrom && Object.keys(body.payFrom).length > 0) {
    const profile = await deps.orderingProfile(actor.customerId);
    if (!profile) throw new AppError('no_customers_found');
    checkBulkPayFrom(body.payFrom, profile);
  }
  return transaction((tx) => startBatch(tx, actor, body));
}

async function startBatch(
  tx: Database,
  actor: OrderActor,
  body: BulkBatchCreate,
): Promise<BulkBatch> {
  const batch: BulkBatchRow = {
    id: prefixedId('BB-', 12),
    customerId: actor.customerId,
    status: 'OPEN',
    rowCount: body.rowCount,
    chunkCount: body.chunkCount,
    description: body.description || null,
    payFrom: body.payFrom ?? {},
    createdByUserId: actor.userId,
    createdByEmail: actor.email,
    createdAt: new Date(),
    paidAt: null,
  };
  await tx.insert(bulkBatches).values(batch);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'bulk_order.create',
    target: batch.id,
    details: { rows: batch.rowCount, chunks: batch.chunkCount, payFrom: batch.payFrom },
  });
  return bulkBatchView(tx, batch);
}
