import { z } from 'zod';
import { text } from './text.js';
import { COMPANY_NAME_MAX_LENGTH } from './text-limits.js';
import { customerIdSchema, userIdSchema } from './ids.js';
import { roleSchema } from './permissions.js';

/**
 * The provider's own e-mail domain (staff@boon.test). Spec 5: addresses on it are skipped in the
 * customer-by-domain lookup, so GET /customer/exists never reports a customer for it.
 */
export const PROVIDER_EMAIL_DOMAIN = 'boon.test';

/** GET /customer/{customerId} and /customer/{customerId}/users: the path's customer. */
export const customerPathParamsSchema = z.strictObject({ customerId: customerIdSchema });
export type CustomerPathParams = z.infer<typeof customerPathParamsSchema>;

/** One member of a customer, with the roles held there (GET /customer/{customerId}/users). */
export const customerUserSchema = z.object({
  id: userIdSchema,
  firstName: text(),
  lastName: text(),
  emailAddress: text(),
  roles: z.array(roleSchema),
  emailVerified: z.boolean(),
  /** Blocked from signing in (by the provider's staff); still a member until removed. */
  blocked: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;
export const customerUserListSchema = z.array(customerUserSchema);

/** The most customers GET /customers answers with. */
export const CUSTOMER_SEARCH_MAX = 50;

/** GET /customers (staff): text found in the name or id, case-insensitive; none lists all. */
export const customerSearchQuerySchema = z.strictObject({
  search: text().trim().max(COMPANY_NAME_MAX_LENGTH).optional(),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/**
 * A domain name: dot-separated labels of letters, digits and inner hyphens, ending in a suffix of at
 * least 2 letters (the domain half of spec 5's e-mail format), compared lower-cased.
 */
export const domainNameSchema = text()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Expected a domain name such as example.com',
  );

/** GET /customer/exists's query. */
export const customerExistsQuerySchema = z.strictObject({ domain: domainNameSchema });
export type CustomerExistsQuery = z.infer<typeof customerExistsQuerySchema>;

/** GET /customer/exists's answer when a customer has the domain (404 means none). */
export const customerExistsSchema = z.object({
  exists: z.literal(true),
  customerName: text().optional(),
});
export type CustomerExists = z.infer<typeof customerExistsSchema>;

/** GET /onboarding-state: the caller's pending customer (404 means none). */
export const onboardingStateResponseSchema = z.object({
  pendingCustomerId: text(),
  companyName: text(),
  approvalStatus: z.enum(['NEW', 'APPROVED', 'PENDING', 'DECLINED']),
  onboardingTaskState: z.enum(['STARTED', 'COMPLETE', 'ERROR']),
});
export type OnboardingStateResponse = z.infer<typeof onboardingStateResponseSchema>;
