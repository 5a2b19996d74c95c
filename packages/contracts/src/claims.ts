import { z } from 'zod';
import { text } from './text.js';
import { customerIdSchema } from './ids.js';
import { permissionSchema, roleSchema } from './permissions.js';

/**
 * The claims our API reads from an access token (decisions.md). Any OpenID Connect provider that
 * puts these claims in its JWT access tokens can replace the embedded one.
 */
export const accessTokenClaimsSchema = z.object({
  sub: text().min(1),
  email: text(),
  email_verified: z.boolean(),
  is_staff: z.boolean().default(false),
  customer_ids: z.array(customerIdSchema).default([]),
  /** The customer `roles` and `permissions` are for (the token request's `customer_id`). */
  customer_id: customerIdSchema.optional(),
  roles: z.array(roleSchema).default([]),
  permissions: z.array(permissionSchema).default([]),
  /**
   * Set for a person of no customer who signed up to set up a company (not from an invite): spec
   * 4.1's onboarding flag, so the console continues their onboarding in any browser.
   */
  onboarding: z.literal(true).optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
