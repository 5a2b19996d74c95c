import { z } from 'zod';
import { text } from './text.js';
import { customerIdSchema, userIdSchema } from './ids.js';
import { permissionSchema, roleSchema } from './permissions.js';

export const userOptionsSchema = z.object({
  useBalancesTncAccepted: z.boolean(),
  /** null until the user answers the consent question (spec 4.3). */
  dataProcessingTncAccepted: z.boolean().nullable(),
  /** The user hid Home's getting-started checklist, in every browser. */
  gettingStartedDismissed: z.boolean(),
  /** The user has watched the intro video to its end (a checklist item's state). */
  introWatched: z.boolean(),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

export const userMeSchema = z.object({
  id: userIdSchema,
  firstName: text(),
  lastName: text(),
  emailAddress: text(),
  emailVerified: z.boolean(),
  isStaff: z.boolean(),
  customerIds: z.array(customerIdSchema),
  /** Roles and permissions for the customer the request names (x-customer-id), else the first. */
  roles: z.array(roleSchema),
  permissions: z.array(permissionSchema),
  options: userOptionsSchema,
  /** Whether the user signs in with a TOTP second factor too. */
  mfaEnabled: z.boolean(),
});
export type UserMe = z.infer<typeof userMeSchema>;

/**
 * PATCH /user/me/options: the options to change (spec 4.3 and section 7), at least one. Unknown
 * fields are refused rather than ignored, so a misspelt option never passes for saved.
 */
export const userOptionsUpdateSchema = z
  .strictObject({
    /** The consent answer: Accept sends true, Decline false. */
    dataProcessingTncAccepted: z.boolean().optional(),
    /** Accepting the balances terms is a commitment the user cannot withdraw here: true only. */
    useBalancesTncAccepted: z.literal(true).optional(),
    /** Hides Home's getting-started checklist for good: true only. */
    gettingStartedDismissed: z.literal(true).optional(),
    /** Records that the intro video was watched to its end: true only. */
    introWatched: z.literal(true).optional(),
  })
  .refine((options) => Object.values(options).some((value) => value !== undefined), {
    message: 'Give at least one option to change',
  });
export type UserOptionsUpdate = z.infer<typeof userOptionsUpdateSchema>;

/**
 * GET /user/me/last-customer: the customer the user last chose to work in, so a return visit from
 * any browser starts there; null when none was chosen or the user no longer belongs to it.
 */
export const lastCustomerSchema = z.object({ customerId: customerIdSchema.nullable() });
export type LastCustomer = z.infer<typeof lastCustomerSchema>;

/** PUT /user/me/last-customer/{customerId}: remembers the customer chosen in the switcher. */
export const lastCustomerPathSchema = z.strictObject({ customerId: customerIdSchema });
