import {
  orderingApi,
  type BulkBatch,
  type BulkBatchCreate,
  type BulkChunk,
  type BulkEstimate,
  type BulkEstimateRequest,
} from '@boon/contracts';
import { apiError, mockApi, mockEndpoint } from '@boon/console-kit/testing';
import { fxPaymentOf, serveOrders, type ServeOrdersOptions } from './serve-orders';

const cents = (value: string) => Math.round(Number(value) * 100);
const money = (minor: number) => (minor / 100).toFixed(2);

/**
 * POST /bulk-orders/estimate as the server answers it, for the fake's balances (minor units by
 * currency): 3 % off every reward, orders of 200, each currency paid from its own balance or the
 * one named, exchanged per reward as the domain does.
 */
function bulkEstimateOf(
  body: BulkEstimateRequest,
  balances: Readonly<Record<string, number>>,
): BulkEstimate {
  const byCurrency = new Map<string, BulkEstimateRequest['groups']>();
  for (const group of body.groups) {
    byCurrency.set(group.currency, [...(byCurrency.get(group.currency) ?? []), group]);
  }
  const taken = new Map<string, number>();
  const currencies = [...byCurrency].map(([currency, groups]) => {
    const items = groups.reduce((sum, group) => sum + group.count, 0);
    const face = groups.reduce((sum, group) => sum + cents(group.faceValue) * group.count, 0);
    const discount = groups.reduce(
      (sum, group) => sum + Math.round(cents(group.faceValue) * 0.03) * group.count,
      0,
    );
    const total = face - discount;
    const payFrom = body.payFrom?.[currency];
    const payment = payFrom ? fxPaymentOf({ currency, payFrom }, items, total / 100) : null;
    const pay = payment?.currency ?? currency;
    taken.set(pay, (taken.get(pay) ?? 0) + (payment ? cents(payment.total) : total));
    return {
      currency,
      items,
      orders: Math.ceil(items / 200),
      faceValue: money(face),
      discount: money(discount),
      fees: '0.00',
      total: money(total),
      payment,
    };
  });
  const paying = [...taken].map(([currency, total]) => {
    const available = balances[currency] ?? 0;
    return {
      currency,
      available: money(available),
      total: money(total),
      after: money(available - total),
      sufficient: total <= available,
    };
  });
  return {
    currencies,
    balances: paying,
    sufficient: paying.every((balance) => balance.sufficient),
  };
}

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
function openBatch(batchId: string, body: BulkBatchCreate, createdAt: string): BulkBatch {
  return {
    batchId,
    status: 'OPEN',
    rowCount: body.rowCount,
    chunkCount: body.chunkCount,
    chunksReceived: [],
    description: body.description ?? null,
    payFrom: body.payFrom ?? {},
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
  const startBodies: BulkBatchCreate[] = [];
  const chunks: BulkChunk[] = [];
  let batch: BulkBatch | undefined;
  let polls = 0;
  let dropped = false;
  const rowsReceived = new Map<number, BulkChunk>();

  mockApi(
    mockEndpoint(orderingApi.estimateBulkOrder, ({ body }) => {
      estimates.push(body);
      return bulkEstimateOf(body, { USD: available * 100, GBP: 50_000 });
    }),
    mockEndpoint(orderingApi.createBulkOrder, ({ body, idempotencyKey }) => {
      // As the server: a key names one request; the same key with another body is refused.
      const before = starts.indexOf(idempotencyKey ?? '');
      if (before >= 0 && JSON.stringify(startBodies[before]) !== JSON.stringify(body)) {
        return apiError('idempotency_key_reused');
      }
      starts.push(idempotencyKey ?? '');
      startBodies.push(body);
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
  return { ...served, bulkEstimates: estimates, starts, startBodies, chunks };
}
