import { z } from 'zod';
import { text } from './text.js';
import { customerIdSchema, userIdSchema } from './ids.js';
import { EMAIL_FORMAT, EMAIL_MAX_LENGTH } from './email-format.js';
import { roleSchema } from './permissions.js';

/** Spec 5's e-mail format: non-space text, @, a domain with a dot and a suffix of 2+ letters. */
export const emailAddressSchema = text()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .regex(EMAIL_FORMAT, 'Enter a valid e-mail address');

/** The roles an inviter may hand out: every role but owner (there is one owner per customer). */
export const assignableRoleSchema = roleSchema.exclude(['owner']);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** POST /user/invite: invite an address to the selected customer (x-customer-id) with roles. */
export const inviteCreateSchema = z.strictObject({
  email: emailAddressSchema,
  roles: z
    .array(assignableRoleSchema)
    .min(1, 'Choose a role')
    .max(5)
    .refine((roles) => new Set(roles).size === roles.length, 'Roles must be unique'),
});
export type InviteCreate = z.infer<typeof inviteCreateSchema>;

/** An open invite as the team screen lists it (the token is never in it). */
export const inviteSchema = z.object({
  inviteId: text(),
  customerId: customerIdSchema,
  email: text(),
  roles: z.array(roleSchema),
  invitedBy: text().nullable(),
  createdAt: text(),
  lastSentAt: text(),
  expiresAt: text(),
  expired: z.boolean(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET /user/invite?customer_id=…: the customer's open invites (read:team_members). */
export const inviteListSchema = z.array(inviteSchema);

/** GET /user/invite: the token lookup (spec 7 "token-based lookup"), or the customer's open invites. */
export const inviteLookupQuerySchema = z.strictObject({
  token: text().max(200).optional(),
  customer_id: customerIdSchema.optional(),
});
export type InviteLookupQuery = z.infer<typeof inviteLookupQuerySchema>;

/** What the invitee sees of an invite found by its token. */
export const inviteByTokenSchema = z.object({
  email: text(),
  customerId: customerIdSchema,
  customerName: text(),
  roles: z.array(roleSchema),
  expiresAt: text(),
});
export type InviteByToken = z.infer<typeof inviteByTokenSchema>;

/** DELETE /user/invite and POST /user/invite/resend: the invite is named by address and customer. */
export const inviteTargetQuerySchema = z.strictObject({
  email: emailAddressSchema,
  customer_id: customerIdSchema,
});
export type InviteTargetQuery = z.infer<typeof inviteTargetQuerySchema>;

/** POST /user/activate: accept an invite, joining its customer with its roles. */
export const userActivateSchema = z.strictObject({ token: text().max(200).optional() });
export type UserActivate = z.infer<typeof userActivateSchema>;

/** POST /user/activate's answer: the customer joined. */
export const userActivatedSchema = z.object({
  customerId: customerIdSchema,
  roles: z.array(roleSchema),
});
export type UserActivated = z.infer<typeof userActivatedSchema>;

/** PUT /user/{userId}/roles: the member's new roles at the selected customer. */
export const userRolesPathSchema = z.strictObject({ userId: userIdSchema });
export const userRolesUpdateSchema = z.strictObject({
  roles: z
    .array(assignableRoleSchema)
    .min(1, 'Choose a role')
    .max(5)
    .refine((roles) => new Set(roles).size === roles.length, 'Roles must be unique'),
});
export type UserRolesUpdate = z.infer<typeof userRolesUpdateSchema>;

/** DELETE /customer/{customerId}/user/{userId}. */
export const customerUserPathSchema = z.strictObject({
  customerId: customerIdSchema,
  userId: userIdSchema,
});
export type CustomerUserPath = z.infer<typeof customerUserPathSchema>;
