import { bigint, char, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded sandbox reward supplier (services/reward-supplier): the codes it issued, one per
 * request key, so asking again for the same key gives the same code and never a second one.
 */
export const supplierCodes = pgTable('supplier_codes', {
  requestKey: text('request_key').primaryKey(),
  reference: text('reference').notNull().unique(),
  productCode: text('product_code').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  faceValue: bigint('face_value', { mode: 'bigint' }).notNull(),
  code: text('code').notNull(),
  pin: text('pin'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});
