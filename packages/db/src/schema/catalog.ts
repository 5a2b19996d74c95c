import { PRODUCT_CATEGORIES } from '@boon/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The merchant network (services/catalog): one row per product, a merchant's reward in one
 * currency. Denominations are kept as the contract's JSON and, for the value filter, as the least
 * and greatest value in minor units. Only what the list shows and filters on is here, so a search
 * over 100,000 products reads a narrow table; the content is in product_content.
 */
export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    categories: text('categories').array().notNull(),
    countries: text('countries').array().notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The contract's Denominations: { type: 'fixed', values } or { type: 'open', min, max, step }. */
    denominations: jsonb('denominations').notNull(),
    minValue: bigint('min_value', { mode: 'bigint' }).notNull(),
    maxValue: bigint('max_value', { mode: 'bigint' }).notNull(),
    /** A fixed list's values in minor units; null for an open range. */
    fixedValues: bigint('fixed_values', { mode: 'bigint' }).array(),
    /** An open range's step in minor units; null for a fixed list. */
    valueStep: bigint('value_step', { mode: 'bigint' }),
    /** The merchant's discount to the network, a decimal string of percent ("4.5"). */
    discountPercent: text('discount_percent').notNull(),
    redeemOnline: boolean('redeem_online').notNull(),
    redeemInStore: boolean('redeem_in_store').notNull(),
    state: text('state', {
      enum: ['LIVE', 'TEMPORARILY_DISABLED', 'TEMPORARILY_DEGRADED'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order and keyset cursor: by name, then code.
    index('products_name_idx').on(sql`lower(${t.name})`, t.code),
    index('products_countries_idx').using('gin', t.countries),
    index('products_categories_idx').using('gin', t.categories),
    index('products_currency_idx').on(t.currency, sql`lower(${t.name})`, t.code),
    // Each category's products in the list's order, so a category's page is read in order from
    // its own index: a category is often a tenth of the network or more, and its merchants'
    // names cluster, so neither walking the whole name index nor sorting its products is cheap.
    ...PRODUCT_CATEGORIES.map((category) =>
      index(`products_category_${category}_idx`)
        .on(sql`lower(${t.name})`, t.code)
        .where(sql`${t.categories} @> array[${sql.raw(`'${category}'`)}]::text[]`),
    ),
    // The search: any part of the name or the code, through one trigram index.
    index('products_search_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.code}) gin_trgm_ops`,
    ),
  ],
);

/** A product's content (markdown, rendered sanitised), its expiry and its logo's design. */
export const productContent = pgTable('product_content', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  terms: text('terms').notNull(),
  redemptionInstructions: text('redemption_instructions').notNull(),
  expiryPolicy: jsonb('expiry_policy').notNull(),
  /** Which seeded logo design and colours the generated SVG uses. */
  logoStyle: jsonb('logo_style').notNull(),
});
