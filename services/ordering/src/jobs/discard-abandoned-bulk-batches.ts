import { and, bulkBatches, bulkChunks, bulkRows, eq, lt, sql, type Database } from '@boon/db';
import { BULK_BATCH_ABANDONED_DAYS } from '@boon/contracts';
import { recordAudit } from '@boon/service-kit';
import { job } from '../deps.js';

export const DISCARD_ABANDONED_BULK_BATCHES_QUEUE = 'ordering.discard-abandoned-bulk-batches';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Hourly: a bulk order still OPEN (not every chunk came, so nothing was paid, held or sent) and
 * untouched for BULK_BATCH_ABANDONED_DAYS is discarded with its chunks and rows: the recipients'
 * names and addresses go with it. Its upload can no longer resume (404 bulk_batch_not_found:
 * "Start the upload again"). Each batch goes in its own transaction, its row locked and checked
 * again, so a chunk arriving meanwhile either lands first (and the batch is kept) or finds it gone.
 */
export const discardAbandonedBulkBatchesJob = job(
  DISCARD_ABANDONED_BULK_BATCHES_QUEUE,
  async (_data, _attempt, { db }) => {
    await discardAbandonedBulkBatches(db, new Date());
  },
  { schedule: '23 * * * *' },
);

/** Discards every OPEN batch untouched since BULK_BATCH_ABANDONED_DAYS before `now`; how many. */
export async function discardAbandonedBulkBatches(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - BULK_BATCH_ABANDONED_DAYS * DAY_MS);
  const untouched = and(
    eq(bulkBatches.status, 'OPEN'),
    lt(bulkBatches.createdAt, cutoff),
    sql`not exists (select 1 from ${bulkChunks}
      where ${bulkChunks.batchId} = ${bulkBatches.id} and ${bulkChunks.receivedAt} >= ${cutoff})`,
  );
  let count = 0;
  for (;;) {
    const due = await db
      .select({ id: bulkBatches.id })
      .from(bulkBatches)
      .where(untouched)
      .orderBy(bulkBatches.createdAt)
      .limit(50);
    if (due.length === 0) return count;
    for (const { id } of due) {
      const discarded = await db.transaction(async (tx) => {
        const [batch] = await tx
          .select()
          .from(bulkBatches)
          .where(and(eq(bulkBatches.id, id), eq(bulkBatches.status, 'OPEN')))
          .for('update');
        if (!batch) return false;
        // Asked again once the lock is held, in a statement of its own: the locking one judged
        // the chunks by what it saw when it began, before a chunk that held the lock committed.
        const [still] = await tx
          .select({ id: bulkBatches.id })
          .from(bulkBatches)
          .where(and(eq(bulkBatches.id, id), untouched));
        if (!still) return false;
        const [received] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bulkRows)
          .where(eq(bulkRows.batchId, id));
        await tx.delete(bulkRows).where(eq(bulkRows.batchId, id));
        await tx.delete(bulkChunks).where(eq(bulkChunks.batchId, id));
        await tx.delete(bulkBatches).where(eq(bulkBatches.id, id));
        await recordAudit(tx, {
          actorUserId: null,
          customerId: batch.customerId,
          action: 'bulk_batch.discard',
          target: id,
          details: {
            reason: `No chunk for ${BULK_BATCH_ABANDONED_DAYS} days`,
            rowCount: batch.rowCount,
            rowsReceived: received?.n ?? 0,
            createdAt: batch.createdAt.toISOString(),
          },
        });
        return true;
      });
      if (discarded) count += 1;
    }
  }
}
