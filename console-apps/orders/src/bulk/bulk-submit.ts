import {
  BULK_CHUNK_ROWS_MAX,
  orderingApi,
  type BulkBatch,
  type BulkPayFrom,
  type BulkRow,
} from '@boon/contracts';
import type { ApiClient } from '@boon/console-kit';

export interface SubmitProgress {
  /** Chunks the server holds. */
  sent: number;
  total: number;
}

/**
 * Sends a checked file as a bulk order: the batch is started under `batchKey` with the balances
 * that pay currencies other than their own (the same key after a lost answer is the same batch,
 * and a new choice of balances needs a new key), the chunks the server does not hold yet are
 * sent in order, and the last one pays. Called again after a failure with the same key and rows,
 * it carries on where the server is: no row is ever sent into a second batch.
 */
export async function submitBulkOrder(
  api: ApiClient,
  rows: readonly BulkRow[],
  {
    batchKey,
    description,
    payFrom = {},
  }: { batchKey: string; description?: string; payFrom?: BulkPayFrom },
  onProgress: (progress: SubmitProgress) => void,
): Promise<BulkBatch> {
  const chunkCount = Math.ceil(rows.length / BULK_CHUNK_ROWS_MAX);
  const started = await api.call(orderingApi.createBulkOrder, {
    body: {
      rowCount: rows.length,
      chunkCount,
      ...(description ? { description } : {}),
      ...(Object.keys(payFrom).length > 0 ? { payFrom } : {}),
    },
    idempotencyKey: batchKey,
  });
  // A replayed start answers as it did the first time: where the batch is now is asked for.
  let batch = await api.call(orderingApi.getBulkOrder, { params: { batchId: started.batchId } });
  const held = new Set(batch.chunksReceived);
  onProgress({ sent: held.size, total: chunkCount });
  for (let chunk = 1; chunk <= chunkCount && batch.status === 'OPEN'; chunk += 1) {
    if (held.has(chunk)) continue;
    const firstRow = (chunk - 1) * BULK_CHUNK_ROWS_MAX + 1;
    batch = await api.call(orderingApi.addBulkOrderChunk, {
      params: { batchId: batch.batchId },
      body: {
        chunkNumber: chunk,
        firstRow,
        rows: rows.slice(firstRow - 1, firstRow - 1 + BULK_CHUNK_ROWS_MAX),
      },
    });
    held.add(chunk);
    onProgress({ sent: held.size, total: chunkCount });
  }
  return batch;
}

/** What the file's rewards are, for the estimate: how many of each merchant, currency and value. */
export function estimateGroups(rows: readonly BulkRow[]) {
  const groups = new Map<
    string,
    { productCode: string; currency: string; faceValue: string; count: number }
  >();
  for (const row of rows) {
    const key = `${row.productCode}\u0000${row.currency}\u0000${row.faceValue}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, {
        productCode: row.productCode,
        currency: row.currency,
        faceValue: row.faceValue,
        count: 1,
      });
  }
  return [...groups.values()];
}
