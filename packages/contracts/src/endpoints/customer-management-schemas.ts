// The zod side of the customer management endpoints, loaded on demand (see ../endpoint.ts).
import { z } from 'zod';
import { inviteByTokenSchema, inviteListSchema, userActivateSchema } from '../team.js';

export * from '../customer.js';
export * from '../customer-admin.js';
export * from '../customer-settings.js';
export * from '../onboarding.js';
export * from '../pending-customer.js';
export * from '../team.js';
export * from '../user.js';

/** GET /user/invite answers the invite of a token, or a customer's open invites. */
export const inviteLookupResultSchema = z.union([inviteByTokenSchema, inviteListSchema]);
/** POST /user/activate may come without a body (the token is then missing, a 400). */
export const optionalUserActivateSchema = userActivateSchema.nullish();
/** A 204 answer has no body. */
export const noContentSchema = z.null();
