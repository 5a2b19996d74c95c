import { z } from 'zod';
import { TRANSACTION_SEARCH_MAX_LENGTH } from './text-limits.js';
import { cardTokenSchema, savedCardIdSchema } from './saved-cards.js';
import { emailAddressSchema } from './team.js';
import { text } from './text.js';

/**
 * Billing's shapes (decisions.md: "Balances answer one entry per float with currency,
 * available and pending as decimal strings"). Every amount is a decimal string in the currency's
 * units with exactly its ISO 4217 decimals ("25000.00" USD, "1500" JPY), never a JSON number.
 */

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

/** An amount the API answers with: a decimal string, negative only where the field says so. */
const decimalAnswerSchema = text().regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal amount');

/**
 * An amount a person asks to move: positive, at most 12 whole digits and 3 decimals. The service
 * checks the decimals against the currency's exponent (field error `amount`).
 */
export const positiveAmountSchema = text()
  .regex(/^\d{1,12}(\.\d{1,3})?$/, 'Enter an amount such as 500 or 500.00')
  // Digits only, so above zero exactly when one of them is not 0 (no float comparison).
  .refine((value) => /[1-9]/.test(value), 'Enter an amount greater than 0');

export const balanceSchema = z.object({
  currency: currencyCodeSchema,
  /** What can be spent now: credits in, less what is spent and what is held. */
  available: decimalAnswerSchema,
  /** On its way in (a top-up accepted but not yet settled). */
  pending: decimalAnswerSchema,
  /** Spent from this balance in the last 30 days, for the "runs out in about N days" forecast. */
  spentLast30Days: decimalAnswerSchema,
  /** The company's low-balance threshold for this currency (balance notifications), if set. */
  lowBalanceThreshold: decimalAnswerSchema.nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balancesSchema = z.object({ balances: z.array(balanceSchema) });
export type Balances = z.infer<typeof balancesSchema>;

export const topUpIdSchema = text().regex(/^TU-[A-Z0-9]{8,26}$/, 'Invalid top-up id');

export const topUpMethodSchema = z.enum(['bank_transfer', 'card']);
export type TopUpMethod = z.infer<typeof topUpMethodSchema>;

/**
 * PENDING until the money arrives (a bank transfer) or the card payment settles; COMPLETED once
 * the balance is credited; FAILED when a card payment is declined; CANCELLED when staff close a
 * bank transfer that never came.
 */
/** Why a card payment failed: the bank declined it, 3-D Secure was failed or not completed in time, or it was never charged. */
export const cardFailureReasonSchema = z.enum([
  /** The card was never charged (the processor knew no charge for the attempt). */
  'not_charged',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'authentication_failed',
  'authentication_expired',
]);
export type CardFailureReason = z.infer<typeof cardFailureReasonSchema>;

export const topUpStatusSchema = z.enum(['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED']);
export type TopUpStatus = z.infer<typeof topUpStatusSchema>;

/** Where a bank top-up is paid to: the provider's account for the currency (demo values). */
export const bankDetailsSchema = z.object({
  accountName: text(),
  bankName: text(),
  bankAddress: text(),
  /** The local scheme's fields, in the order a payer's bank form asks for them. */
  fields: z.array(z.object({ label: text(), value: text() })),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const topUpSchema = z.object({
  topUpId: topUpIdSchema,
  method: topUpMethodSchema,
  status: topUpStatusSchema,
  currency: currencyCodeSchema,
  /** What the customer said they would send. */
  amount: decimalAnswerSchema,
  /** What arrived and was credited; null until then. */
  receivedAmount: decimalAnswerSchema.nullable(),
  /** Set when what arrived differs from what was announced; the received amount is credited. */
  discrepancy: z.enum(['UNDERPAID', 'OVERPAID']).nullable(),
  /** The reference the payer quotes, by which the money is matched to this top-up. */
  paymentReference: text(),
  bankDetails: bankDetailsSchema.nullable(),
  /** Card payments: the card fee charged on top of the amount ("0.00" without card fees). */
  fee: decimalAnswerSchema,
  /** Card payments: the card, as a person recognises it. */
  card: z.object({ brand: text(), last4: text() }).nullable(),
  /** Why a card payment failed. */
  failureReason: cardFailureReasonSchema.nullable(),
  /**
   * A card payment waiting for the cardholder: the 3-D Secure page to show them, after which the
   * console confirms the top-up (POST /top-ups/{id}/confirm).
   */
  nextAction: z.object({ type: z.literal('challenge'), url: text() }).nullable(),
  createdAt: text(),
  completedAt: text().nullable(),
});
export type TopUp = z.infer<typeof topUpSchema>;

export const bankTopUpCreateSchema = z.strictObject({
  method: z.literal('bank_transfer'),
  currency: currencyCodeSchema,
  amount: positiveAmountSchema,
});
export type BankTopUpCreate = z.infer<typeof bankTopUpCreateSchema>;

/** A card top-up's fields, unrefined (forms extend it); one of the two card sources is needed. */
export const cardTopUpFieldsSchema = z.strictObject({
  method: z.literal('card'),
  currency: currencyCodeSchema,
  amount: positiveAmountSchema,
  /** A new card, as the processor's frame tokenised it. */
  cardToken: cardTokenSchema.optional(),
  /** Or one of the company's stored cards. */
  savedCardId: savedCardIdSchema.optional(),
});

export const cardTopUpCreateSchema = cardTopUpFieldsSchema.refine(
  (value) => (value.cardToken === undefined) !== (value.savedCardId === undefined),
  { path: ['cardToken'], message: 'Give either a card token or a stored card, not both.' },
);
export type CardTopUpCreate = z.infer<typeof cardTopUpCreateSchema>;

/** POST /top-ups: by bank transfer or by card (decisions.md). */
export const topUpCreateSchema = z.discriminatedUnion('method', [
  bankTopUpCreateSchema,
  cardTopUpCreateSchema,
]);
export type TopUpCreate = z.infer<typeof topUpCreateSchema>;

export const topUpPathSchema = z.strictObject({ topUpId: topUpIdSchema });

/** Staff record what arrived for a bank top-up: the amount on the bank statement. */
export const topUpReceiptSchema = z.strictObject({ receivedAmount: positiveAmountSchema });
export type TopUpReceipt = z.infer<typeof topUpReceiptSchema>;

export const TOP_UP_PAGE_DEFAULT = 10;
export const TOP_UP_PAGE_MAX = 50;

/** GET /top-ups: the customer's top-ups, newest first, optionally one status only. */
export const topUpListQuerySchema = z.strictObject({
  status: topUpStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(TOP_UP_PAGE_MAX).default(TOP_UP_PAGE_DEFAULT),
  cursor: text().min(1).max(200).optional(),
});
export type TopUpListQuery = z.input<typeof topUpListQuerySchema>;

/** One page of top-ups; `nextCursor` is null on the last page. */
export const topUpPageSchema = z.object({
  items: z.array(topUpSchema),
  nextCursor: text().nullable(),
});
export type TopUpPage = z.infer<typeof topUpPageSchema>;

/** A top-up as staff see it across customers: whose it is, too. */
export const staffTopUpSchema = topUpSchema.extend({
  customerId: text(),
  customerName: text().nullable(),
});
export type StaffTopUp = z.infer<typeof staffTopUpSchema>;

export const staffTopUpPageSchema = z.object({
  items: z.array(staffTopUpSchema),
  nextCursor: text().nullable(),
});
export type StaffTopUpPage = z.infer<typeof staffTopUpPageSchema>;

/** Spec 3: transaction type, direction; subtypes and order sources carry the product's name. */
export const transactionTypeSchema = z.enum([
  'ADJUSTMENT',
  'CURRENCY_EXCHANGE',
  'FEES',
  'ORDER_ITEM',
  'TOP_UP',
]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;
export const transactionDirectionSchema = z.enum(['CREDIT', 'DEBIT']);
export type TransactionDirection = z.infer<typeof transactionDirectionSchema>;
const upperCodeSchema = text().regex(
  /^[A-Z][A-Z0-9_]{1,59}$/,
  'Expected a code such as BANK_TRANSFER',
);

/** A movement of money on one of the customer's balances (a posted ledger transfer). */
export const transactionSchema = z.object({
  transactionId: text(),
  createdAt: text(),
  type: text(),
  subtype: text().nullable(),
  orderSource: text().nullable(),
  direction: transactionDirectionSchema,
  currency: currencyCodeSchema,
  /** Always positive; the direction says which way it went. */
  amount: decimalAnswerSchema,
  /** The balance right after it: posted credits less posted debits (holds are not movements). */
  balanceAfter: decimalAnswerSchema,
  reference: text().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_PAGE_DEFAULT = 25;
export const TRANSACTION_PAGE_MAX = 100;

const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date such as 2026-11-24');

/**
 * GET /transactions: filters, a search by reference or id, the order and a page.
 * Dates are whole UTC days, `to` included (Billing and Finance is always UTC, spec 2.6).
 */
export const transactionListQuerySchema = z.strictObject({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  type: transactionTypeSchema.optional(),
  subtype: upperCodeSchema.optional(),
  currency: currencyCodeSchema.optional(),
  direction: transactionDirectionSchema.optional(),
  search: text().trim().min(1).max(TRANSACTION_SEARCH_MAX_LENGTH).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  limit: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_MAX).default(TRANSACTION_PAGE_DEFAULT),
  cursor: text().min(1).max(200).optional(),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;
export type TransactionFilters = z.output<typeof transactionListQuerySchema>;

export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  nextCursor: text().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** A monthly statement of one balance: `2026-11-GBP`. */
export const statementIdSchema = text().regex(
  /^\d{4}-(0[1-9]|1[0-2])-[A-Z]{3}$/,
  'Expected a statement id such as 2026-11-GBP',
);

/**
 * A month of one balance, in UTC. The closing balance is the opening balance plus
 * the credits less the debits, all posted movements (held funds are not movements).
 */
export const statementSchema = z.object({
  statementId: statementIdSchema,
  /** YYYY-MM, a UTC month. */
  month: text(),
  currency: currencyCodeSchema,
  openingBalance: decimalAnswerSchema,
  credits: decimalAnswerSchema,
  debits: decimalAnswerSchema,
  closingBalance: decimalAnswerSchema,
  transactionCount: z.number().int().min(0),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementListSchema = z.object({ items: z.array(statementSchema) });
export type StatementList = z.infer<typeof statementListSchema>;

export const statementPathSchema = z.strictObject({ statementId: statementIdSchema });

/**
 * POST /fx/quotes (decisions.md): what to sell and what to buy, and the amount of one of them
 * (sellAmount includes the fee; buyAmount is what arrives).
 */
export const fxQuoteFieldsSchema = z.strictObject({
  sellCurrency: currencyCodeSchema,
  buyCurrency: currencyCodeSchema,
  sellAmount: positiveAmountSchema.optional(),
  buyAmount: positiveAmountSchema.optional(),
});

export const fxQuoteRequestSchema = fxQuoteFieldsSchema
  .refine((quote) => (quote.sellAmount === undefined) !== (quote.buyAmount === undefined), {
    message: 'Give the amount to sell or the amount to buy, not both',
    path: ['sellAmount'],
  })
  .refine((quote) => quote.sellCurrency !== quote.buyCurrency, {
    message: 'Choose two different currencies',
    path: ['buyCurrency'],
  });
export type FxQuoteRequest = z.infer<typeof fxQuoteRequestSchema>;

export const fxQuoteSchema = z.object({
  quoteId: text(),
  sellCurrency: currencyCodeSchema,
  buyCurrency: currencyCodeSchema,
  /** Debited from the sell balance, fee included. */
  sellAmount: decimalAnswerSchema,
  /** Converted at the rate. */
  exchangedAmount: decimalAnswerSchema,
  fee: decimalAnswerSchema,
  /** Credited to the buy balance. */
  buyAmount: decimalAnswerSchema,
  /** Units of the bought currency per unit sold. */
  rate: text(),
  expiresAt: text(),
});
export type FxQuote = z.infer<typeof fxQuoteSchema>;

export const tradeCreateSchema = z.strictObject({ quoteId: text().min(1).max(40) });
export type TradeCreate = z.infer<typeof tradeCreateSchema>;

export const tradeStatusSchema = z.enum(['SUCCESSFUL', 'PENDING', 'FAILED']);

export const tradeSchema = z.object({
  tradeId: text(),
  status: tradeStatusSchema,
  quote: fxQuoteSchema,
  createdAt: text(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradePathSchema = z.strictObject({
  tradeId: text().regex(/^TR-[A-Z0-9]{8,26}$/, 'Invalid trade id'),
});

/** Balance notifications: at most 5 addresses hear of a balance under its threshold. */
export const BALANCE_ALERT_RECIPIENTS_MAX = 5;

/** One balance's low-balance threshold, in its currency's units. */
export const balanceThresholdSchema = z.strictObject({
  currency: currencyCodeSchema,
  threshold: positiveAmountSchema,
});

/** The fields of the notification settings, unrefined (forms extend them). */
export const balanceAlertsFieldsSchema = z.strictObject({
  /** One per balance at most; a balance left out has no threshold. */
  thresholds: z.array(balanceThresholdSchema).max(40),
  recipients: z
    .array(emailAddressSchema)
    .max(BALANCE_ALERT_RECIPIENTS_MAX, `Enter at most ${BALANCE_ALERT_RECIPIENTS_MAX} addresses`),
});

/** PUT /balance-alerts: the whole settings, replacing what was there. */
export const balanceAlertsUpdateSchema = balanceAlertsFieldsSchema.superRefine((value, context) => {
  const currencies = new Set<string>();
  value.thresholds.forEach(({ currency }, index) => {
    if (currencies.has(currency)) {
      context.addIssue({
        code: 'custom',
        path: ['thresholds', index, 'currency'],
        message: 'Set one threshold per balance',
      });
    }
    currencies.add(currency);
  });
  const addresses = new Set<string>();
  value.recipients.forEach((address, index) => {
    const key = address.toLowerCase();
    if (addresses.has(key)) {
      context.addIssue({
        code: 'custom',
        path: ['recipients', index],
        message: 'This address is already in the list',
      });
    }
    addresses.add(key);
  });
  if (value.thresholds.length > 0 && value.recipients.length === 0) {
    context.addIssue({
      code: 'custom',
      path: ['recipients'],
      message: 'Enter at least one address to notify',
    });
  }
});
export type BalanceAlertsUpdate = z.infer<typeof balanceAlertsUpdateSchema>;

/** GET /balance-alerts: the settings as saved (none: no thresholds and no addresses). */
export const balanceAlertsSchema = z.object({
  thresholds: z.array(
    z.object({
      currency: currencyCodeSchema,
      threshold: decimalAnswerSchema,
      alerting: z.boolean(),
    }),
  ),
  recipients: z.array(text()),
  updatedAt: text().nullable(),
});
export type BalanceAlerts = z.infer<typeof balanceAlertsSchema>;

/** Staff import a bank statement: at most 1 MB of CSV text, 5,000 rows. */
export const BANK_STATEMENT_MAX_CHARS = 1_000_000;
export const BANK_STATEMENT_MAX_ROWS = 5_000;

export const bankStatementImportSchema = z.strictObject({
  filename: text().max(255).optional(),
  csv: text()
    .min(1, 'The file is empty')
    .max(BANK_STATEMENT_MAX_CHARS, 'The file is larger than 1 MB; split it and import each part'),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

/**
 * What became of a statement line: credited to its top-up (as announced, or flagged under- or
 * over-paid), or left for a person: no top-up reference, a top-up already received, another
 * currency, money going out, or a line that could not be read.
 */
export const bankStatementOutcomeSchema = z.enum([
  'received',
  'underpaid',
  'overpaid',
  'unmatched',
  'already_received',
  'currency_mismatch',
  'money_out',
  'invalid',
]);
export type BankStatementOutcome = z.infer<typeof bankStatementOutcomeSchema>;

export const bankStatementLineSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int(),
  reference: text(),
  amount: text(),
  currency: text(),
  outcome: bankStatementOutcomeSchema,
  topUpId: topUpIdSchema.nullable(),
  customerName: text().nullable(),
  message: text(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const bankStatementResultSchema = z.object({
  lines: z.array(bankStatementLineSchema),
  /** How many lines credited a top-up. */
  received: z.number().int(),
  /** How many were left for a person to look at. */
  needsAttention: z.number().int(),
});
export type BankStatementResult = z.infer<typeof bankStatementResultSchema>;

/** Staff: the ledger's own checks (npm run ledger:verify), run on a consistent snapshot. */
export const ledgerCheckSchema = z.object({
  checks: z.array(
    z.object({
      name: text(),
      /** How many rows the check looked at. */
      checked: z.number().int(),
      /** What is wrong, one line each; empty when the check holds. */
      mismatches: z.array(text()),
    }),
  ),
  checkedAt: text(),
});
export type LedgerCheckResult = z.infer<typeof ledgerCheckSchema>;
