import { orderingApi as api } from '@boon/contracts';
import { AppError, requireUser, sendCsv, wantsCsv } from '@boon/service-kit';
import { route } from '../deps.js';
import { addBulkChunk } from '../bulk/add-bulk-chunk.js';
import { bulkBatchView, findBulkBatch } from '../bulk/bulk-repository.js';
import { bulkResultLines } from '../bulk/bulk-results.js';
import { createBulkOrder } from '../bulk/create-bulk-order.js';
import { estimateBulkOrder } from '../bulk/estimate-bulk-order.js';

/** Bulk orders: start a batch, send its rows in chunks (the last pays), read it. */
export const bulkOrderRoutes = [
  route(api.estimateBulkOrder, ({ customerId, body }, deps) =>
    estimateBulkOrder(customerId, body, deps),
  ),

  route(api.createBulkOrder, ({ request, customerId, body, transaction }, deps) => {
    const { user } = requireUser(request);
    const actor = { customerId, userId: user.id, email: user.email };
    return createBulkOrder(transaction, actor, body, deps);
  }),

  route(api.addBulkOrderChunk, ({ request, customerId, params, body, transaction }, deps) => {
    const { user } = requireUser(request);
    const actor = { customerId, userId: user.id, email: user.email };
    return addBulkChunk(transaction, actor, params.batchId, body, deps);
  }),

  route(api.getBulkOrder, async ({ request, reply, customerId, params }, deps) => {
    const batch = await findBulkBatch(deps.db, customerId, params.batchId);
    if (!batch) throw new AppError('bulk_batch_not_found');
    if (!wantsCsv(request.headers.accept)) return bulkBatchView(deps.db, batch);
    return sendCsv(request, reply, {
      filename: `${batch.id}-results.csv`,
      lines: () => bulkResultLines(deps.db, batch.id, deps),
    });
  }),
];
