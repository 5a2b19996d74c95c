import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The embedded sandbox card processor (services/card-processor), standing in for a payment
 * provider. A card number is read once, in the processor's own frame, and never stored: a token
 * keeps the brand, the last four digits, the expiry and what the sandbox will do with it (its
 * test behaviour, decided from the test number when the token is made).
 */
export const cardSandboxTokens = pgTable(
  'card_sandbox_tokens',
  {
    id: text('id').primaryKey(),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name'),
    /** succeed, decline or challenge (3-D Secure), from the sandbox's test numbers. */
    behaviour: text('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_sandbox_tokens_created_idx').on(t.createdAt)],
);

/**
 * A charge on a sandbox token. `requires_action` waits for the 3-D Secure challenge; it ends as
 * `succeeded`, `declined` or `failed` (the challenge failed or timed out). The caller's
 * idempotency key makes a retried charge return the first one.
 */
export const cardSandboxPayments = pgTable(
  'card_sandbox_payments',
  {
    id: text('id').primaryKey(),
    tokenId: text('token_id')
      .notNull()
      .references(() => cardSandboxTokens.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The caller's own reference (a top-up id), handed back on every answer. */
    reference: text('reference').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when the 3-D Secure challenge may be completed. */
    actionExpiresAt: timestamp('action_expires_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_sandbox_payments_idempotency_idx').on(t.idempotencyKey),
    check('card_sandbox_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
