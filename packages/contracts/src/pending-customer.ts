import { z } from 'zod';
import { text } from './text.js';
import { COMPANY_NAME_MAX_LENGTH } from './text-limits.js';
import { companySizeSchema, rewardNeedSchema, useCaseSchema } from './onboarding.js';

/** A pending customer's approval status (spec 3 and 4.5). */
export const pendingCustomerStatusSchema = z.enum(['NEW', 'APPROVED', 'PENDING', 'DECLINED']);
export type PendingCustomerStatus = z.infer<typeof pendingCustomerStatusSchema>;

/** The state of the background task that sets a pending customer up (spec 3). */
export const onboardingTaskStateSchema = z.enum(['STARTED', 'COMPLETE', 'ERROR']);
export type OnboardingTaskState = z.infer<typeof onboardingTaskStateSchema>;

/** The statuses staff may still approve or decline from. */
export const openPendingCustomerStatuses = ['NEW', 'PENDING'] as const;

export const PENDING_CUSTOMER_PAGE_DEFAULT = 25;
export const PENDING_CUSTOMER_PAGE_MAX = 100;

const pendingCustomerIdSchema = text().min(1).max(64);

/**
 * What the requester told us on company-details and user-segmentation (POST /pending-customer),
 * which staff read before deciding. Each is null for a request stored before it was asked.
 */
export const pendingCustomerApplicationSchema = z.object({
  /** ISO 3166 alpha-2. */
  country: text().nullable(),
  companySize: companySizeSchema.nullable(),
  website: text().nullable(),
  /** When the company needs to send rewards. */
  rewardNeed: rewardNeedSchema.nullable(),
  useCases: z.array(useCaseSchema),
});
export type PendingCustomerApplication = z.infer<typeof pendingCustomerApplicationSchema>;

export const pendingCustomerSchema = z.object({
  pendingCustomerId: text(),
  companyName: text(),
  domain: text().nullable(),
  requestedBy: z.object({ userId: text(), emailAddress: text() }),
  approvalStatus: pendingCustomerStatusSchema,
  onboardingTaskState: onboardingTaskStateSchema,
  application: pendingCustomerApplicationSchema,
  createdAt: text(),
});
export type PendingCustomer = z.infer<typeof pendingCustomerSchema>;

/** GET /pending-customer's query (spec 7): status, name prefix, limit and an opaque cursor. */
export const pendingCustomerListQuerySchema = z.strictObject({
  status: pendingCustomerStatusSchema.optional(),
  customer_name_begins_with: text().trim().min(1).max(COMPANY_NAME_MAX_LENGTH).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PENDING_CUSTOMER_PAGE_MAX)
    .default(PENDING_CUSTOMER_PAGE_DEFAULT),
  cursor: text().min(1).max(1000).optional(),
});
export type PendingCustomerListQuery = z.infer<typeof pendingCustomerListQuerySchema>;

/** One page of pending customers; `nextCursor` is null on the last page. */
export const pendingCustomerPageSchema = z.object({
  items: z.array(pendingCustomerSchema),
  nextCursor: text().nullable(),
});
export type PendingCustomerPage = z.infer<typeof pendingCustomerPageSchema>;

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

/**
 * An order limit: a positive amount as a decimal string in the currency's units ("5000.50"), never
 * a JSON number. Its decimals are at most the currency's ISO 4217 exponent (2 for USD, 0 for JPY, 3
 * for BHD): the service checks that against its currency table, with a field error here.
 */
const orderLimitAmountSchema = text()
  .regex(/^\d{1,12}(\.\d{1,3})?$/, 'Expected a decimal amount')
  // Digits only, so above zero exactly when one of them is not 0 (no float comparison).
  .refine((value) => /[1-9]/.test(value), 'Must be greater than 0');

/** A flat-rate discount multiplier: a decimal string with 0 < m <= 1 (the discount is 1 - m). */
export const discountMultiplierSchema = text()
  .regex(/^[01](\.\d{1,4})?$/, 'Expected a decimal with at most 4 decimals')
  .refine((value) => Number(value) > 0 && Number(value) <= 1, 'Must be above 0 and at most 1');

/** The settings staff give a customer when approving it. */
export const pendingCustomerApprovalSettingsSchema = z.strictObject({
  balancesEnabled: z.boolean(),
  fxEnabled: z.boolean(),
  /** The float currencies. */
  currencies: z
    .array(currencyCodeSchema)
    .max(50)
    .refine((codes) => new Set(codes).size === codes.length, 'Currencies must be unique'),
  orderLimits: z
    .array(z.strictObject({ currency: currencyCodeSchema, maxOrderValue: orderLimitAmountSchema }))
    .max(50)
    .refine(
      (limits) => new Set(limits.map((l) => l.currency)).size === limits.length,
      'One limit per currency',
    )
    .nullable(),
  discountMultiplier: discountMultiplierSchema.nullable(),
});
export type PendingCustomerApprovalSettings = z.infer<typeof pendingCustomerApprovalSettingsSchema>;

export const pendingCustomerApproveSchema = z.strictObject({
  pendingCustomerId: pendingCustomerIdSchema,
  settings: pendingCustomerApprovalSettingsSchema,
});
export type PendingCustomerApprove = z.infer<typeof pendingCustomerApproveSchema>;

export const pendingCustomerDeclineSchema = z.strictObject({
  pendingCustomerId: pendingCustomerIdSchema,
  reason: text().trim().min(1).max(1000).optional(),
});
export type PendingCustomerDecline = z.infer<typeof pendingCustomerDeclineSchema>;
