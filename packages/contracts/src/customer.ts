import { z } from 'zod';
import { text } from './text.js';
import { customerIdSchema } from './ids.js';

export const customerSourceSchema = z.enum(['migrated-from-connect', 'direct']);
export type CustomerSource = z.infer<typeof customerSourceSchema>;

export const currencySchema = z.object({
  code: text().length(3),
  symbol: text().min(1),
});

export const customerFeatureFlagsSchema = z.object({
  balances: z.object({
    enabled: z.boolean(),
    floats: z.array(text().length(3)),
    cardFees: z.boolean(),
  }),
  fx: z.boolean(),
  breakage: z.boolean(),
  discounts: z.boolean(),
});
export type CustomerFeatureFlags = z.infer<typeof customerFeatureFlagsSchema>;

/**
 * The most one order may be worth in a currency: a decimal string with exactly the currency's
 * ISO 4217 decimals ("5000.50" USD, "10000" JPY, "1.250" BHD).
 */
export const orderLimitSchema = z.object({
  currency: text().length(3),
  maxOrderValue: text(),
});
export type OrderLimit = z.infer<typeof orderLimitSchema>;

export const customerSchema = z.object({
  customerId: customerIdSchema,
  customerName: text(),
  name: text(),
  contactEmailAddress: text().nullable(),
  source: customerSourceSchema,
  limitedAccess: z.boolean(),
  playgroundMode: z.boolean(),
  defaultCurrency: currencySchema,
  customerFeatureFlags: customerFeatureFlagsSchema,
  discountConfig: z.object({ flatRateMultiplier: text() }).nullable(),
  orderLimits: z.array(orderLimitSchema).nullable(),
  currencyToggles: z.record(text(), z.boolean()),
  termsAccepted: z.object({ balances: z.boolean(), dataProcessing: z.boolean() }),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListSchema = z.array(customerSchema);
