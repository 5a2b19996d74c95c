import {
  orderingApi,
  type BulkBatch,
  type BulkChunk,
  type BulkEstimateRequest,
} from '@boon/contracts';
import { apiError, mockApi, mockEndpoint } from '@boon/console-kit/testing';
import { serveOrders, type ServeOrdersOptions } from './serve-orders';

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (minor: number) => (minor / 100).toFixed(2);

export interface ServeBulkOptions extends ServeOrdersOptions {
  /** The first time this chunk is sent, the connection drops before its answer. */
  dropChunk?: number;
  /**
   * The batch started under the first key was discarded (left unpaid for 7 days): that key's
   * start is replayed with its id, which the server no longer knows.
   */
  firstBatchDiscarded?: boolean;
}

const DISCARDED_BATCH = 'BB-GONE00001';

/** A batch as POST /bulk-orders answers it, before any chunk. */
function openBatch(
  batchId: string,
  body: { rowCount: number; chunkCount: number; description?: string | undefined },
  createdAt: string,
): BulkBatch {
  return {
    batchId,
    status: 'OPEN',
    rowCount: body.rowCount,
    chunkCount: body.chunkCount,
    chunksReceived: [],
    description: body.description ?? null,
    createdAt,
    createdBy: 'owner@acme.test',
    paidAt: null,
    totals: [],
    orders: [],
    progress: { sent: 0, failed: 0, cancelled: 0, pending: 0 },
  };
}

/**
 * The orders screens' fake (serveOrders) with bulk orders, as the server answers them: a batch
 * keeps each chunk once, the last pays (orders of 200, 3 % off), and its rewards go out over
 * two polls. Records what was asked for.
 */
export function serveBulkOrders(options: ServeBulkOptions = {}) {
  const served = serveOrders(options);
  const available = options.usdAvailable ?? 1000;
  const estimates: BulkEstimateRequest[] = [];
  const starts: string[] = [];
  const chunks: BulkChunk[] = [];
  let batch: BulkBatch | undefined;
  let polls = 0;
  let dropped = false;
  const rowsReceived = new Map<number, BulkChunk>();

  mockApi(
    mockEndpoint(orderingApi.estimateBulkOrder, ({ body }) => {
      estimates.push(body);
      const items = body.groups.reduce((sum, group) => sum + group.count, 0);
      const face = body.groups.reduce(
        (sum, group) => sum + cents(group.faceValue) * group.count,
        0,
      );
      const discount = body.groups.reduce(
        (sum, group) => sum + Math.round(cents(group.faceValue) * 0.03) * group.count,
        0,
      );
      const total = face - discount;
      return {
        currencies: [
          {
            currency: 'USD',
            items,
            orders: Math.ceil(items / 200),
            faceValue: money(face),
            discount: money(discount),
            fees: '0.00',
            total: money(total),
            available: money(available * 100),
            after: money(available * 100 - total),
            sufficient: total <= available * 100,
          },
        ],
        sufficient: total <= available * 100,
      };
    }),
    mockEndpoint(orderingApi.createBulkOrder, ({ body, idempotencyKey }) => {
      starts.push(idempotencyKey ?? '');
      if (options.firstBatchDiscarded && idempotencyKey === starts[0]) {
        return openBatch(DISCARDED_BATCH, body, '2026-11-16T10:00:00.000Z');
      }
      batch ??= openBatch('BB-TEST00001', body, '2026-11-26T10:00:00.000Z');
      return { ...batch, chunksReceived: [] };
    }),
    mockEndpoint(orderingApi.addBulkOrderChunk, ({ body, params }) => {
      if (!batch || params.batchId === DISCARDED_BATCH) return apiError('bulk_batch_not_found');
      chunks.push(body);
      rowsReceived.set(body.chunkNumber, body);
      batch = { ...batch, chunksReceived: [...rowsReceived.keys()].sort((a, b) => a - b) };
      if (batch.chunksReceived.length === batch.chunkCount) {
        const count = batch.rowCount;
        batch = {
          ...batch,
          status: 'PAID',
          paidAt: '2026-11-26T10:01:00.000Z',
          orders: Array.from({ length: Math.ceil(count / 200) }, (_, index) => ({
            orderId: `OR-BULK${String(index + 1).padStart(4, '0')}`,
            status: 'PROCESSING' as const,
            currency: 'USD',
            itemCount: Math.min(200, count - index * 200),
          })),
          progress: { sent: 0, failed: 0, cancelled: 0, pending: count },
        };
      }
      if (options.dropChunk === body.chunkNumber && !dropped) {
        dropped = true;
        return apiError('service_unavailable');
      }
      return batch;
    }),
    mockEndpoint(orderingApi.getBulkOrder, ({ params }) => {
      if (!batch || params.batchId === DISCARDED_BATCH) return apiError('bulk_batch_not_found');
      if (batch.status === 'PAID') {
        polls += 1;
        const count = batch.rowCount;
        const sent = polls >= 2 ? count : Math.floor(count / 2);
        batch = {
          ...batch,
          orders: batch.orders.map((order) => ({
            ...order,
            status: sent === count ? ('COMPLETED' as const) : order.status,
          })),
          progress: { sent, failed: 0, cancelled: 0, pending: count - sent },
        };
      }
      return batch;
    }),
  );
  return { ...served, bulkEstimates: estimates, starts, chunks };
}
