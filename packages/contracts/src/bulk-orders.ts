import { z } from 'zod';
import { productCodeSchema } from './catalog.js';
import {
  bulkBatchIdSchema,
  faceValueSchema,
  orderFieldsSchema,
  orderFxPaymentSchema,
  orderIdSchema,
  orderStatusSchema,
  orderTotalsSchema,
  recipientSchema,
  rewardMessageSchema,
} from './ordering.js';
import { text } from './text.js';

/**
 * Bulk orders (decisions.md: POST /bulk-orders, POST /bulk-orders/{id}/chunks,
 * GET /bulk-orders/{id}). A spreadsheet's rows travel in numbered chunks under one batch; the
 * server keeps each chunk once, and when the last one arrives pays the whole batch at once, as
 * orders of at most 200 rewards.
 */

/** Rows of one bulk order, as the browser checks them (OneSchema's advice for the browser). */
export const BULK_ROWS_MAX = 50_000;
/** Rows in one chunk: a request of a few hundred KB. */
export const BULK_CHUNK_ROWS_MAX = 1_000;
/**
 * A bulk order still waiting for chunks this many days after its last one is discarded, its
 * recipients' names and addresses with it (nothing was paid for it yet).
 */
export const BULK_BATCH_ABANDONED_DAYS = 7;
export const BULK_CHUNKS_MAX = BULK_ROWS_MAX / BULK_CHUNK_ROWS_MAX;

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

/** One spreadsheet row: one reward by e-mail. */
export const bulkRowSchema = z.strictObject({
  name: recipientSchema.shape.name,
  email: recipientSchema.shape.email,
  productCode: productCodeSchema,
  currency: currencyCodeSchema,
  faceValue: faceValueSchema,
  message: rewardMessageSchema.optional(),
  deliverAt: orderFieldsSchema.shape.deliverAt,
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

/** Currencies a bulk order's rewards come in: at most as many as there are to order in. */
export const BULK_CURRENCIES_MAX = 60;

/**
 * Per currency of the rewards, the balance that pays them when not that currency's own: Boon FX
 * converts each reward at the rate of the moment (the customer needs FX on), as payFrom does for
 * one order. A currency left out is paid from its own balance.
 */
export const bulkPayFromSchema = z
  .record(currencyCodeSchema, currencyCodeSchema)
  .refine((payFrom) => Object.keys(payFrom).length <= BULK_CURRENCIES_MAX, {
    message: `Name at most ${BULK_CURRENCIES_MAX} currencies.`,
  })
  .refine((payFrom) => Object.entries(payFrom).every(([currency, pay]) => currency !== pay), {
    message: 'A currency is paid from its own balance without naming it.',
  });
export type BulkPayFrom = z.infer<typeof bulkPayFromSchema>;

export const bulkBatchCreateSchema = z
  .strictObject({
    rowCount: z.number().int().min(1).max(BULK_ROWS_MAX),
    chunkCount: z.number().int().min(1).max(BULK_CHUNKS_MAX),
    description: orderFieldsSchema.shape.description,
    payFrom: bulkPayFromSchema.optional(),
  })
  .refine(
    (batch) =>
      batch.chunkCount <= batch.rowCount &&
      batch.rowCount <= batch.chunkCount * BULK_CHUNK_ROWS_MAX,
    {
      path: ['chunkCount'],
      message: `Send the rows in chunks of 1 to ${BULK_CHUNK_ROWS_MAX} rows.`,
    },
  );
export type BulkBatchCreate = z.infer<typeof bulkBatchCreateSchema>;

export const bulkChunkSchema = z.strictObject({
  chunkNumber: z.number().int().min(1).max(BULK_CHUNKS_MAX),
  /** The spreadsheet row number of the chunk's first row (1-based). */
  firstRow: z.number().int().min(1).max(BULK_ROWS_MAX),
  rows: z.array(bulkRowSchema).min(1).max(BULK_CHUNK_ROWS_MAX),
});
export type BulkChunk = z.infer<typeof bulkChunkSchema>;

export const bulkBatchPathSchema = z.strictObject({ batchId: bulkBatchIdSchema });

export const bulkBatchStatusSchema = z.enum(['OPEN', 'PAID']);

export const bulkBatchSchema = z.object({
  batchId: bulkBatchIdSchema,
  /** OPEN while chunks are arriving; PAID once the last one came and the batch was paid. */
  status: bulkBatchStatusSchema,
  rowCount: z.number().int(),
  chunkCount: z.number().int(),
  /** The chunks kept so far, by number: a resumed upload sends the others. */
  chunksReceived: z.array(z.number().int()),
  description: text().nullable(),
  /** The balances that pay currencies other than their own (empty: each its own). */
  payFrom: bulkPayFromSchema,
  createdAt: text(),
  createdBy: text().nullable(),
  paidAt: text().nullable(),
  /** Per currency, once paid. */
  totals: z.array(
    orderTotalsSchema.extend({ currency: currencyCodeSchema, items: z.number().int() }),
  ),
  orders: z.array(
    z.object({
      orderId: orderIdSchema,
      status: orderStatusSchema,
      currency: currencyCodeSchema,
      itemCount: z.number().int(),
    }),
  ),
  /** Where the rewards are: sent (or issued), failed, cancelled, still pending. */
  progress: z.object({
    sent: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    pending: z.number().int(),
  }),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

/**
 * POST /bulk-orders/estimate: what a file's rows cost before paying, given as groups of rewards
 * alike (merchant, currency, value) and how many of each.
 */
export const bulkEstimateRequestSchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        productCode: productCodeSchema,
        currency: currencyCodeSchema,
        faceValue: faceValueSchema,
        count: z.number().int().min(1).max(BULK_ROWS_MAX),
      }),
    )
    .min(1)
    .max(BULK_CHUNK_ROWS_MAX)
    .refine((groups) => groups.reduce((sum, group) => sum + group.count, 0) <= BULK_ROWS_MAX, {
      message: `A bulk order has at most ${BULK_ROWS_MAX.toLocaleString('en')} rewards.`,
    }),
  payFrom: bulkPayFromSchema.optional(),
});
export type BulkEstimateRequest = z.infer<typeof bulkEstimateRequestSchema>;

export const bulkEstimateSchema = z.object({
  /** Per currency of the rewards: what they cost, and how they are paid. */
  currencies: z.array(
    orderTotalsSchema.extend({
      currency: currencyCodeSchema,
      items: z.number().int(),
      /** How many orders the rewards make (at most 200 rewards each). */
      orders: z.number().int(),
      /** Paid from another currency's balance: the exchange; null when their own pays. */
      payment: orderFxPaymentSchema.nullable(),
    }),
  ),
  /** Each balance that pays: available now, and after every currency it pays for. */
  balances: z.array(
    z.object({
      currency: currencyCodeSchema,
      available: orderTotalsSchema.shape.total,
      /** What this bulk order takes from it, FX fees included. */
      total: orderTotalsSchema.shape.total,
      after: orderTotalsSchema.shape.total,
      sufficient: z.boolean(),
    }),
  ),
  /** Every balance pays its share. */
  sufficient: z.boolean(),
});
export type BulkEstimate = z.infer<typeof bulkEstimateSchema>;
