import { z } from 'zod';

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

const pendingCustomerIdSchema = z.string().min(1).max(64);

export const pendingCustomerSchema = z.object({
  pendingCustomerId: z.string(),
  companyName: z.string(),
  domain: z.string().nullable(),
  requestedBy: z.object({ userId: z.string(), emailAddress: z.string() }),
  approvalStatus: pendingCustomerStatusSchema,
  onboardingTaskState: onboardingTaskStateSchema,
  createdAt: z.string(),
});
export type PendingCustomer = z.infer<typeof pendingCustomerSchema>;

/** GET /pending-customer's query (spec 7): status, name prefix, limit and an opaque cursor. */
export const pendingCustomerListQuerySchema = z.strictObject({
  status: pendingCustomerStatusSchema.optional(),
  customer_name_begins_with: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PENDING_CUSTOMER_PAGE_MAX)
    .default(PENDING_CUSTOMER_PAGE_DEFAULT),
  cursor: z.string().min(1).max(1000).optional(),
});
export type PendingCustomerListQuery = z.infer<typeof pendingCustomerListQuerySchema>;

/** One page of pending customers; `nextCursor` is null on the last page. */
export const pendingCustomerPageSchema = z.object({
  items: z.array(pendingCustomerSchema),
  nextCursor: z.string().nullable(),
});
export type PendingCustomerPage = z.infer<typeof pendingCustomerPageSchema>;

const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

/** A positive amount as a decimal string, at most two decimals. */
const amountSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Expected a decimal amount')
  .refine((value) => Number(value) > 0, 'Must be greater than 0');

/** A flat-rate discount multiplier: a decimal string with 0 < m <= 1 (the discount is 1 - m). */
export const discountMultiplierSchema = z
  .string()
  .regex(/^[01](\.\d{1,4})?$/, 'Expected a decimal with at most 4 decimals')
  .refine((value) => Number(value) > 0 && Number(value) <= 1, 'Must be above 0 and at most 1');

/** The settings staff give a customer when approving it (issue 4, item 5). */
export const pendingCustomerApprovalSettingsSchema = z.strictObject({
  balancesEnabled: z.boolean(),
  fxEnabled: z.boolean(),
  /** The float currencies. */
  currencies: z
    .array(currencyCodeSchema)
    .max(50)
    .refine((codes) => new Set(codes).size === codes.length, 'Currencies must be unique'),
  orderLimits: z
    .array(z.strictObject({ currency: currencyCodeSchema, maxOrderValue: amountSchema }))
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
  reason: z.string().trim().min(1).max(1000).optional(),
});
export type PendingCustomerDecline = z.infer<typeof pendingCustomerDeclineSchema>;
