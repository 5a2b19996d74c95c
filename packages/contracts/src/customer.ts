import { z } from 'zod';
import { customerIdSchema } from './ids.js';

export const customerSourceSchema = z.enum(['migrated-from-connect', 'direct']);
export type CustomerSource = z.infer<typeof customerSourceSchema>;

export const currencySchema = z.object({
  code: z.string().length(3),
  symbol: z.string().min(1),
});

export const customerFeatureFlagsSchema = z.object({
  balances: z.object({
    enabled: z.boolean(),
    floats: z.array(z.string().length(3)),
    cardFees: z.boolean(),
  }),
  fx: z.boolean(),
  breakage: z.boolean(),
  discounts: z.boolean(),
});
export type CustomerFeatureFlags = z.infer<typeof customerFeatureFlagsSchema>;

export const orderLimitSchema = z.object({
  currency: z.string().length(3),
  maxOrderValue: z.string(),
});

export const customerSchema = z.object({
  customerId: customerIdSchema,
  customerName: z.string(),
  name: z.string(),
  contactEmailAddress: z.string().nullable(),
  source: customerSourceSchema,
  limitedAccess: z.boolean(),
  playgroundMode: z.boolean(),
  defaultCurrency: currencySchema,
  customerFeatureFlags: customerFeatureFlagsSchema,
  discountConfig: z.object({ flatRateMultiplier: z.string() }).nullable(),
  orderLimits: z.array(orderLimitSchema).nullable(),
  currencyToggles: z.record(z.string(), z.boolean()),
  termsAccepted: z.object({ balances: z.boolean(), dataProcessing: z.boolean() }),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListSchema = z.array(customerSchema);
