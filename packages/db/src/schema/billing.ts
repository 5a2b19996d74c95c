import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  char,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The money ledger (services/billing), after TigerBeetle's design: accounts that carry their
 * running totals, immutable transfers with client-chosen ids, and one entry per account per
 * transfer holding the totals after it, so a statement or a balance at a point in time never
 * sums history. Amounts are integer minor units of the account's currency (ISO 4217 exponent).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    currency: char('currency', { length: 3 }).notNull(),
    /** customer_float, or one of the provider's own accounts (bank_receipts, fx_pool…). */
    kind: text('kind').notNull(),
    /** The customer a float belongs to; null for the provider's accounts. */
    customerId: text('customer_id'),
    debitsPosted: bigint('debits_posted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    creditsPosted: bigint('credits_posted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    debitsPending: bigint('debits_pending', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    creditsPending: bigint('credits_pending', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A float can never be overdrawn: debits (posted and held) never exceed posted credits. */
    debitsMustNotExceedCredits: boolean('debits_must_not_exceed_credits').notNull().default(false),
    creditsMustNotExceedDebits: boolean('credits_must_not_exceed_debits').notNull().default(false),
    /** Bumped by every transfer that touches the account. */
    version: bigint('version', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_currency_idx').on(
      sql`coalesce(${t.customerId}, '')`,
      t.kind,
      t.currency,
    ),
    // The database holds the overdraw rule too, whatever code writes.
    check(
      'ledger_accounts_debits_within_credits',
      sql`not ${t.debitsMustNotExceedCredits} or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`,
    ),
    check(
      'ledger_accounts_credits_within_debits',
      sql`not ${t.creditsMustNotExceedDebits} or ${t.creditsPosted} + ${t.creditsPending} <= ${t.debitsPosted}`,
    ),
    check(
      'ledger_accounts_totals_not_negative',
      sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`,
    ),
  ],
);

/**
 * A movement of money between two accounts of one currency. Never updated or deleted. `kind`
 * says what it does: `posted` moves money, `pending` holds it on both accounts, `post_pending`
 * and `void_pending` resolve a hold (`pending_id`) exactly once, which a unique index enforces.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    debitAccountId: text('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: text('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The spec's transaction type and subtype, plus the order source where there is one. */
    code: text('code').notNull(),
    pendingId: text('pending_id'),
    /** When an unresolved hold is voided by the expiry job. */
    timeoutAt: timestamp('timeout_at', { withTimezone: true }),
    /** The transfers written together, all or none (an order's legs, an FX trade's sides). */
    batchId: text('batch_id').notNull(),
    reference: text('reference'),
    userData: jsonb('user_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_resolves_once_idx')
      .on(t.pendingId)
      .where(sql`${t.pendingId} is not null`),
    index('ledger_transfers_batch_idx').on(t.batchId),
    // A float's recent spending (the balances forecast).
    index('ledger_transfers_debit_created_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_open_holds_idx')
      .on(t.timeoutAt)
      .where(sql`${t.kind} = 'pending' and ${t.timeoutAt} is not null`),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/** An account's totals right after a transfer touched it: its statement line. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    transferId: text('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    side: text('side').notNull(),
    debitsPosted: bigint('debits_posted', { mode: 'bigint' }).notNull(),
    creditsPosted: bigint('credits_posted', { mode: 'bigint' }).notNull(),
    debitsPending: bigint('debits_pending', { mode: 'bigint' }).notNull(),
    creditsPending: bigint('credits_pending', { mode: 'bigint' }).notNull(),
    version: bigint('version', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_account_version_idx').on(t.accountId, t.version),
    // A customer's transactions, newest or oldest first, keyset-paged (billing's transactions).
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);

/**
 * Adding funds. A bank top-up waits, PENDING, until its money arrives and staff
 * record it; the credit to the float is then the ledger transfer `top-up:<id>`, written in the same
 * transaction as the status, so the two can never disagree. Amounts are minor units.
 */
export const topUps = pgTable(
  'top_ups',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    /** bank_transfer or card. */
    method: text('method').notNull(),
    /** PENDING, COMPLETED, FAILED or CANCELLED. */
    status: text('status').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    /** UNDERPAID or OVERPAID when what arrived differs from what was announced. */
    discrepancy: text('discrepancy'),
    /** What the payer quotes; bank statements are matched on it. */
    paymentReference: text('payment_reference').notNull(),
    createdByUserId: text('created_by_user_id'),
    /** Who hears that the money arrived: the person who asked for the top-up. */
    notifyEmail: text('notify_email'),
    /** Card payments: the card fee charged on top of `amount` (card fees on), else 0. */
    feeAmount: bigint('fee_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Card payments: the key the charge is made under, recorded before the card is charged, so a
     * charge whose answer was lost is found again (the settling job asks the processor by it).
     */
    processorKey: text('processor_key'),
    /** Card payments: the processor's payment, and the card as a person recognises it. */
    processorPaymentId: text('processor_payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    /** Why a card payment failed: declined, authentication_failed or expired. */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('top_ups_payment_reference_idx').on(t.paymentReference),
    uniqueIndex('top_ups_processor_key_idx')
      .on(t.processorKey)
      .where(sql`${t.processorKey} is not null`),
    uniqueIndex('top_ups_processor_payment_idx')
      .on(t.processorPaymentId)
      .where(sql`${t.processorPaymentId} is not null`),
    index('top_ups_pending_card_idx')
      .on(t.createdAt)
      .where(sql`${t.method} = 'card' and ${t.status} = 'PENDING'`),
    check('top_ups_fee_not_negative', sql`${t.feeAmount} >= 0`),
    index('top_ups_customer_created_idx').on(t.customerId, t.createdAt),
    check('top_ups_amount_positive', sql`${t.amount} > 0`),
    check('top_ups_received_positive', sql`${t.receivedAmount} is null or ${t.receivedAmount} > 0`),
  ],
);

/**
 * Boon FX quotes: the rate, the fee and the amounts offered, valid until
 * `expires_at`; a trade uses a quote once (`trade_id`). Amounts are minor units.
 */
export const fxQuotes = pgTable(
  'fx_quotes',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    sellCurrency: char('sell_currency', { length: 3 }).notNull(),
    buyCurrency: char('buy_currency', { length: 3 }).notNull(),
    sellAmount: bigint('sell_amount', { mode: 'bigint' }).notNull(),
    exchangedAmount: bigint('exchanged_amount', { mode: 'bigint' }).notNull(),
    feeAmount: bigint('fee_amount', { mode: 'bigint' }).notNull(),
    buyAmount: bigint('buy_amount', { mode: 'bigint' }).notNull(),
    /** Units of the bought currency per unit sold, as a decimal string. */
    rate: text('rate').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tradeId: text('trade_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fx_quotes_trade_idx')
      .on(t.tradeId)
      .where(sql`${t.tradeId} is not null`),
    check('fx_quotes_amounts_positive', sql`${t.sellAmount} > 0 and ${t.buyAmount} > 0`),
  ],
);

/** A trade made from a quote: its two sides and the fee are linked ledger transfers. */
export const fxTrades = pgTable(
  'fx_trades',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => fxQuotes.id),
    /** SUCCESSFUL, PENDING or FAILED (spec 3). */
    status: text('status').notNull(),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fx_trades_quote_idx').on(t.quoteId),
    index('fx_trades_customer_created_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * Low-balance notifications: who hears when one of the company's balances falls
 * under its threshold. One row per company.
 */
export const balanceAlertSettings = pgTable('balance_alert_settings', {
  customerId: text('customer_id').primaryKey(),
  /** At most 5 addresses. */
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  updatedByUserId: text('updated_by_user_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A balance's low-balance threshold, in minor units of its currency. `alerting` is set when the
 * alert for a fall under it is sent and cleared when the balance is back at or above it, so a
 * fall sends one mail, not one per order that follows.
 */
export const balanceAlertThresholds = pgTable(
  'balance_alert_thresholds',
  {
    customerId: text('customer_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    threshold: bigint('threshold', { mode: 'bigint' }).notNull(),
    alerting: boolean('alerting').notNull().default(false),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currency] }),
    check('balance_alert_thresholds_positive', sql`${t.threshold} > 0`),
  ],
);

/**
 * The customers' transactions (spec 3's fields), a projection of the ledger written with each
 * transfer: one row per posted movement on a customer's balance, with the balance
 * after it. The transactions list and its CSV read only this, through indexes that keep their
 * order, so a page costs the same at the millionth row as at the first.
 */
export const customerTransactions = pgTable(
  'customer_transactions',
  {
    /** The ledger entry it projects. */
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey(),
    customerId: text('customer_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    transferId: text('transfer_id').notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    orderSource: text('order_source'),
    /** credit or debit, for the customer's balance. */
    side: text('side').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The posted balance right after it. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    reference: text('reference'),
  },
  (t) => [
    index('customer_transactions_time_idx').on(t.customerId, t.createdAt, t.entryId),
    index('customer_transactions_currency_idx').on(
      t.customerId,
      t.currency,
      t.createdAt,
      t.entryId,
    ),
    index('customer_transactions_type_idx').on(t.customerId, t.type, t.createdAt, t.entryId),
    index('customer_transactions_subtype_idx').on(t.customerId, t.subtype, t.createdAt, t.entryId),
    index('customer_transactions_side_idx').on(t.customerId, t.side, t.createdAt, t.entryId),
    // A search by reference or transfer id finds any part of either (pg_trgm).
    index('customer_transactions_search_idx').using(
      'gin',
      sql`(coalesce(${t.reference}, '') || ' ' || ${t.transferId}) gin_trgm_ops`,
    ),
  ],
);
