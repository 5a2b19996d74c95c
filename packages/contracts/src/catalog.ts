import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_SEARCH_MAX_LENGTH, PRODUCT_STATES } from './catalog-values.js';
import { text } from './text.js';

/**
 * The merchant network's shapes: a product is a merchant's reward in one currency,
 * with its denominations, countries and content. Amounts are decimal strings in the currency's
 * units ("25.00"), never JSON numbers.
 */

export const productCodeSchema = text().regex(
  /^[A-Z0-9][A-Z0-9_-]{1,39}$/,
  'Expected a product code such as AMAZON-US',
);

/** As Runa's products: a disabled product cannot be ordered; a degraded one is slow to issue. */
export const productStateSchema = z.enum(PRODUCT_STATES);
export type ProductState = z.infer<typeof productStateSchema>;

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof productCategorySchema>;

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');
const countryCodeSchema = text().regex(/^[A-Z]{2}$/, 'Expected an ISO 3166-1 country code');
const decimalSchema = text().regex(/^\d+(\.\d+)?$/, 'Expected a decimal amount');

/** The values a reward can have: a fixed list, or an open range with a step. */
export const denominationsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), values: z.array(decimalSchema).min(1) }),
  z.object({
    type: z.literal('open'),
    min: decimalSchema,
    max: decimalSchema,
    step: decimalSchema,
  }),
]);
export type Denominations = z.infer<typeof denominationsSchema>;

export const expiryPolicySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('never') }),
  z.object({ type: z.literal('months_from_issue'), months: z.number().int().positive() }),
]);
export type ExpiryPolicy = z.infer<typeof expiryPolicySchema>;

/** What a list shows of a product. */
export const productSummarySchema = z.object({
  productCode: productCodeSchema,
  name: text(),
  /** Same-origin SVG, generated and shipped with the product (no remote images). */
  logoUrl: text(),
  categories: z.array(productCategorySchema),
  countries: z.array(countryCodeSchema),
  currency: currencyCodeSchema,
  denominations: denominationsSchema,
  /** The merchant's discount to the network, in percent ("4.5"); informational. */
  discountPercent: decimalSchema,
  redeemable: z.object({ online: z.boolean(), inStore: z.boolean() }),
  state: productStateSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** A product with its content, as markdown (rendered sanitised: no HTML, no images). */
export const productSchema = productSummarySchema.extend({
  description: text(),
  terms: text(),
  redemptionInstructions: text(),
  expiryPolicy: expiryPolicySchema,
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_PAGE_DEFAULT = 48;
export const PRODUCT_PAGE_MAX = 200;

/** GET /products: the network, by name, filtered, with a keyset cursor over (name, code). */
export const productListQuerySchema = z.strictObject({
  search: text().trim().max(PRODUCT_SEARCH_MAX_LENGTH).optional(),
  country: countryCodeSchema.optional(),
  currency: currencyCodeSchema.optional(),
  category: productCategorySchema.optional(),
  state: productStateSchema.optional(),
  /** Products that can be bought at this value (a denomination, or within the open range). */
  value: decimalSchema.optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_DEFAULT),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export type ProductListFilters = z.output<typeof productListQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  nextCursor: text().nullable(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const productPathSchema = z.strictObject({ productCode: productCodeSchema });
