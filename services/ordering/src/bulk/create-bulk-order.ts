import type { BulkBatch, BulkBatchCreate } from '@boon/contracts';
import { bulkBatches, type BulkBatchRow, type Database } from '@boon/db';
import { prefixedId, recordAudit } from '@boon/service-kit';
import type { OrderActor } from '../orders/create-order.js';
import { bulkBatchView } from './bulk-repository.js';

/**
 * POST /bulk-orders: a bulk order waiting for its rows. Nothing is paid yet; the
 * request's Idempotency-Key makes a retried start the same batch.
 */
export async function createBulkOrder(
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
    details: { rows: batch.rowCount, chunks: batch.chunkCount },
  });
  return bulkBatchView(tx, batch);
}
