import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Orders (services/ordering): what a customer ordered and paid, and one item per reward. The
 * money is the ledger's (a hold per item, posted when the reward is issued or claimed, voided on
 * cancel or expiry); these rows say what happened to each reward. Codes are never stored here:
 * the supplier keeps them and gives the same one again for the same item.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    status: text('status', {
      enum: ['SCHEDULED', 'PROCESSING', 'COMPLETED', 'PARTIALLY_CANCELLED', 'CANCELLED', 'FAILED'],
    }).notNull(),
    deliveryType: text('delivery_type', { enum: ['email', 'link'] }).notNull(),
    productCodes: text('product_codes').array().notNull(),
    productNames: text('product_names').array().notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The currency's ISO 4217 exponent, for filters in its units (the value range). */
    currencyExponent: smallint('currency_exponent').notNull().default(2),
    /** One reward's face value, minor units. */
    faceValue: bigint('face_value', { mode: 'bigint' }).notNull(),
    itemCount: integer('item_count').notNull(),
    totalFaceValue: bigint('total_face_value', { mode: 'bigint' }).notNull(),
    totalDiscount: bigint('total_discount', { mode: 'bigint' }).notNull(),
    totalFees: bigint('total_fees', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    /** One item's share of the total: what its hold is. */
    itemTotal: bigint('item_total', { mode: 'bigint' }).notNull(),
    /**
     * Paid from a balance in another currency (Boon FX at the order's time); all null when the
     * order's currency paid. Per item, in the paying currency's minor units: what its hold is
     * (exchanged + fee).
     */
    payCurrency: char('pay_currency', { length: 3 }),
    fxRate: text('fx_rate'),
    payItemExchanged: bigint('pay_item_exchanged', { mode: 'bigint' }),
    payItemFee: bigint('pay_item_fee', { mode: 'bigint' }),
    description: text('description'),
    /** The recipients' message: { header, body, colour }. */
    message: jsonb('message'),
    source: text('source').notNull(),
    /** The customer's name when it ordered: what its recipients are told the reward is from. */
    senderName: text('sender_name').notNull().default(''),
    createdByUserId: text('created_by_user_id'),
    createdByEmail: text('created_by_email'),
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** When unclaimed links expire. */
    linksExpireAt: timestamp('links_expire_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The order id, description and recipients, lower-cased: what the history's search looks in. */
    searchText: text('search_text').notNull(),
    /** The bulk batch it was made for (a spreadsheet's rows), if any. */
    bulkBatchId: text('bulk_batch_id'),
  },
  (t) => [
    index('orders_bulk_batch_idx')
      .on(t.bulkBatchId)
      .where(sql`${t.bulkBatchId} is not null`),
    index('orders_customer_time_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_customer_total_idx').on(t.customerId, t.total, t.id),
    index('orders_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    customerId: text('customer_id').notNull(),
    /** 1, 2, … in the order. */
    position: integer('position').notNull(),
    status: text('status', {
      enum: ['PENDING', 'ISSUED', 'SENT', 'CLAIMED', 'CANCELLED', 'EXPIRED', 'FAILED'],
    }).notNull(),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    /** The WG-SL… token of its redemption page (both delivery types have one). */
    redemptionToken: text('redemption_token').notNull(),
    /** The ledger hold paying for it. */
    holdTransferId: text('hold_transfer_id').notNull(),
    /** The product the code was issued for (a choice: the one claimed). */
    productCode: text('product_code'),
    /** The supplier's reference of the issued code (never the code). */
    supplierReference: text('supplier_reference'),
    /** The outbox mail that carried it (e-mail delivery), for its delivery status. */
    mailId: bigint('mail_id', { mode: 'number' }),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_items_token_idx').on(t.redemptionToken),
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('ISSUED', 'SENT') and ${t.claimedAt} is null`),
  ],
);

/**
 * A bulk order: a spreadsheet's rows, sent in numbered chunks, each chunk kept once
 * (a resent one is recognised by its fingerprint). When the last chunk arrives the batch is paid
 * as a whole, in that request's transaction: its orders of at most 200 rewards are made, every
 * reward's money is held, and their fulfilment is queued; or, the balance short, nothing is.
 */
export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: ['OPEN', 'PAID'] }).notNull(),
    rowCount: integer('row_count').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    description: text('description'),
    /** Per currency of the rewards, the balance that pays them when not their own (Boon FX). */
    payFrom: jsonb('pay_from').$type<Record<string, string>>().notNull().default({}),
    createdByUserId: text('created_by_user_id'),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('bulk_batches_customer_idx').on(t.customerId, t.createdAt)],
);

export const bulkChunks = pgTable(
  'bulk_chunks',
  {
    batchId: text('batch_id').notNull(),
    chunkNumber: integer('chunk_number').notNull(),
    /** A hash of the chunk's rows: the same chunk sent again is recognised, another refused. */
    fingerprint: text('fingerprint').notNull(),
    firstRow: integer('first_row').notNull(),
    rowCount: integer('row_count').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.chunkNumber] })],
);

export const bulkRows = pgTable(
  'bulk_rows',
  {
    batchId: text('batch_id').notNull(),
    /** 1, 2, … in the spreadsheet. */
    rowNumber: integer('row_number').notNull(),
    chunkNumber: integer('chunk_number').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    productCode: text('product_code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Minor units. */
    faceValue: bigint('face_value', { mode: 'bigint' }).notNull(),
    message: jsonb('message'),
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    /** The order and item made for it once the batch is paid. */
    orderId: text('order_id'),
    itemId: text('item_id'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] })],
);

export type BulkBatchRow = typeof bulkBatches.$inferSelect;
export type BulkRowRow = typeof bulkRows.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
