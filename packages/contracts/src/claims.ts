import { z } from 'zod';
import { customerIdSchema } from './ids.js';
import { permissionSchema, roleSchema } from './permissions.js';

/**
 * The claims our API reads from an access token (decisions.md). Any OpenID Connect provider that
 * puts these claims in its JWT access tokens can replace the embedded one.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string(),
  email_verified: z.boolean(),
  is_staff: z.boolean().default(false),
  customer_ids: z.array(customerIdSchema).default([]),
  /** The customer `roles` and `permissions` are for (the token request's `customer_id`). */
  customer_id: customerIdSchema.optional(),
  roles: z.array(roleSchema).default([]),
  permissions: z.array(permissionSchema).default([]),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
