import { char, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * A customer's stored payment cards (services/saved-cards): the processor's token and what a
 * person needs to recognise the card. Never the card number: it never reaches our tables.
 * Deleting a card keeps the row (`deleted_at`) for the audit trail, without its token.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    /** The processor's token; cleared when the card is deleted. */
    processorToken: text('processor_token'),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name'),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_cards_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('saved_cards_token_idx')
      .on(t.processorToken)
      .where(sql`${t.processorToken} is not null`),
  ],
);
