import { z } from 'zod';
import { text } from './text.js';
import { orderLimitSchema } from './customer.js';
import {
  companySizeSchema,
  pendingCustomerCreateSchema,
  rewardNeedSchema,
  useCaseSchema,
} from './onboarding.js';
import { pendingCustomerApprovalSettingsSchema } from './pending-customer.js';

/**
 * The company's self-reported segmentation (onboarding's company size, reward need and use cases),
 * as PUT /customer stores and answers it. Null where the company never said.
 */
export const customerSegmentSchema = z.object({
  companySize: companySizeSchema.nullable(),
  rewardNeed: rewardNeedSchema.nullable(),
  useCases: z.array(useCaseSchema),
});
export type CustomerSegment = z.infer<typeof customerSegmentSchema>;

/**
 * PUT /customer (spec 7 "body: segment update"): the fields to change, at least one. Unknown
 * fields are refused, so a misspelt one never passes for saved.
 */
export const customerSegmentUpdateSchema = z
  .strictObject({
    companySize: companySizeSchema.optional(),
    rewardNeed: rewardNeedSchema.optional(),
    // The same rule as when the company was created (unique, known use cases).
    useCases: pendingCustomerCreateSchema.shape.useCases.optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
  });
export type CustomerSegmentUpdate = z.infer<typeof customerSegmentUpdateSchema>;

/** GET and POST /customer/{customerId}/limits: the per-currency order limits, or none (null). */
export const customerOrderLimitsSchema = z.object({
  orderLimits: z.array(orderLimitSchema).nullable(),
});
export type CustomerOrderLimits = z.infer<typeof customerOrderLimitsSchema>;

/** POST /customer/{customerId}/limits (staff): validated as when staff approve a customer. */
export const customerOrderLimitsUpdateSchema = z.strictObject({
  orderLimits: pendingCustomerApprovalSettingsSchema.shape.orderLimits,
});
export type CustomerOrderLimitsUpdate = z.infer<typeof customerOrderLimitsUpdateSchema>;

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

/** POST /customer/{customerId}/enable-balances (staff): the float currencies and card fees. */
export const enableBalancesSchema = z.strictObject({
  currencies: z
    .array(currencyCodeSchema)
    .min(1, 'Choose at least one currency')
    .max(50)
    .refine((codes) => new Set(codes).size === codes.length, 'Currencies must be unique'),
  cardFees: z.boolean(),
});
export type EnableBalances = z.infer<typeof enableBalancesSchema>;

/** How long a signed shop URL stays valid. */
export const SHOP_URL_VALIDITY_MINUTES = 10;

/** POST /customer/{customerId}/get-signed-shop-url's answer. */
export const signedShopUrlSchema = z.object({
  /** `/shop` with `customer_id`, `user_id` (the caller), `expires` and a signature over all three. */
  url: text(),
  /** When the URL stops working (ISO 8601). */
  expiresAt: text(),
});
export type SignedShopUrl = z.infer<typeof signedShopUrlSchema>;
