import {
  apiErrorSchema,
  inviteByTokenSchema,
  inviteCreateSchema,
  inviteListSchema,
  inviteLookupQuerySchema,
  inviteSchema,
  inviteTargetQuerySchema,
  type Invite,
} from '@boon/contracts';
import { customers, eq, invites, users, type Database } from '@boon/db';
import { AppError, holdsPermissions, requireAuth, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from './audit.js';
import {
  displayName,
  findInviteByToken,
  inviteExpiry,
  inviteLimitWaitSeconds,
  inviteMail,
  inviteState,
  inviteStateMessage,
  isMemberAddress,
  listOpenInvites,
  lockOpenInvite,
  newInviteId,
  newInviteToken,
  parseRoles,
  resendWaitSeconds,
  toInvite,
  type InviteRow,
} from './invite-repository.js';
import type { CustomerManagementOptions } from './routes.js';

const tags = ['customer-management'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
/** The calls that mail someone outside, limited in how often they may. */
const mailingErrors = { ...errors, 429: apiErrorSchema };

/** 403 unless the query names the customer the request acts for (x-customer-id). */
function requireSameTenant(selected: string | undefined, named: string) {
  if (selected !== named) throw new AppError('forbidden');
}

/** The people and customer a mail about an invite names. */
async function mailParties(tx: Database, customerId: string, inviterId: string) {
  const [customer] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw new AppError('no_customers_found');
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, inviterId))
    .limit(1);
  if (!inviter) throw new AppError('user_not_found');
  return { customerName: customer.name, inviterName: displayName(inviter) };
}

/** Invitations to a customer (spec 7 and issue 4 item 4): send, look up, list, revoke, resend. */
export const inviteRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  { db, mailer, publicUrl, productName },
) => {
  /** Mails the invite with its fresh token, in the transaction that stored the token's hash. */
  async function sendInviteMail(tx: Database, row: InviteRow, token: string, inviterId: string) {
    const parties = await mailParties(tx, row.customerId, inviterId);
    await mailer.send(
      tx,
      inviteMail({
        to: row.email,
        token,
        roles: parseRoles(row.roles),
        ...parties,
        productName,
        publicUrl,
      }),
    );
    return parties.inviterName;
  }

  app.post(
    '/user/invite',
    {
      config: { access: { permissions: ['write:team_members'] } },
      schema: {
        tags,
        summary: 'Invite an e-mail address to the selected customer with roles (mails the link)',
        body: inviteCreateSchema,
        response: { 201: inviteSchema, ...mailingErrors },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const customerId = auth.customerId;
      if (!customerId) throw new AppError('forbidden');
      const { email, roles } = request.body;
      const created = await db.transaction(async (tx) => {
        const now = new Date();
        // First, as it locks the customer: invites of one customer are made one at a time.
        const wait = await inviteLimitWaitSeconds(tx, customerId, now);
        if (wait > 0) {
          void reply.header('retry-after', String(wait));
          throw new AppError('invite_limit_reached');
        }
        if (await isMemberAddress(tx, customerId, email)) {
          throw new AppError('user_already_exists');
        }
        const existing = await lockOpenInvite(tx, customerId, email);
        if (existing) {
          if (inviteState(existing, now) === 'open') throw new AppError('user_already_invited');
          // An expired invite gives way to the new one (one open invite per address).
          await tx.update(invites).set({ revokedAt: now }).where(eq(invites.id, existing.id));
          await recordAudit(tx, {
            actorUserId: auth.user.id,
            customerId,
            action: 'invite.revoke',
            target: existing.id,
            details: { email: existing.email, reason: 'expired, replaced by a new invite' },
          });
        }
        const { token, tokenHash } = newInviteToken();
        const [row] = await tx
          .insert(invites)
          .values({
            id: newInviteId(),
            customerId,
            email,
            roles,
            tokenHash,
            invitedByUserId: auth.user.id,
            createdAt: now,
            lastSentAt: now,
            expiresAt: inviteExpiry(now),
          })
          // Another request invited the same address meanwhile: the unique index says so.
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('user_already_invited');
        const inviterName = await sendInviteMail(tx, row, token, auth.user.id);
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'invite.create',
          target: row.id,
          details: { email, roles, expiresAt: row.expiresAt.toISOString() },
        });
        return toInvite(row, inviterName, now);
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/user/invite',
    {
      // 'authenticated', not a tenant permission: the token lookup is made by the invitee, who is
      // not a member of the invite's customer yet (and may not even have a backend user, spec
      // 4.1). The customer_id listing checks read:team_members at x-customer-id below instead.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "With token: the invite it belongs to. With customer_id: the customer's open invites (read:team_members)",
        querystring: inviteLookupQuerySchema,
        response: { 200: z.union([inviteByTokenSchema, inviteListSchema]), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { token, customer_id: customerId } = request.query;
      if (token) {
        const invite = await findInviteByToken(db, token);
        if (!invite) throw new AppError('invite_not_found');
        const state = inviteState(invite);
        if (state !== 'open') {
          throw new AppError('validation_error', [
            { path: 'token', message: inviteStateMessage(state) },
          ]);
        }
        const [customer] = await db
          .select({ name: customers.name })
          .from(customers)
          .where(eq(customers.id, invite.customerId))
          .limit(1);
        if (!customer) throw new AppError('invite_not_found');
        return {
          email: invite.email,
          customerId: invite.customerId,
          customerName: customer.name,
          roles: parseRoles(invite.roles),
          expiresAt: invite.expiresAt.toISOString(),
        };
      }
      if (customerId) {
        requireSameTenant(auth.customerId, customerId);
        if (!holdsPermissions(auth.permissions, ['read:team_members'])) {
          throw new AppError('forbidden');
        }
        return listOpenInvites(db, customerId);
      }
      throw new AppError('missing_token');
    },
  );

  app.delete(
    '/user/invite',
    {
      config: { access: { permissions: ['delete:team_members'] } },
      schema: {
        tags,
        summary: 'Revoke the open invite to an address (its link stops working)',
        querystring: inviteTargetQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { email, customer_id: customerId } = request.query;
      requireSameTenant(auth.customerId, customerId);
      await db.transaction(async (tx) => {
        const invite = await lockOpenInvite(tx, customerId, email);
        if (!invite) throw new AppError('invite_not_found');
        await tx.update(invites).set({ revokedAt: new Date() }).where(eq(invites.id, invite.id));
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'invite.revoke',
          target: invite.id,
          details: { email: invite.email, roles: invite.roles },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/invite/resend',
    {
      config: { access: { permissions: ['write:team_members'] } },
      schema: {
        tags,
        summary:
          'Send the open invite again with a new link, valid afresh (the old link stops working)',
        querystring: inviteTargetQuerySchema,
        response: { 200: inviteSchema, ...mailingErrors },
      },
    },
    async (request, reply): Promise<Invite> => {
      const auth = requireUser(request);
      const { email, customer_id: customerId } = request.query;
      requireSameTenant(auth.customerId, customerId);
      return db.transaction(async (tx) => {
        const invite = await lockOpenInvite(tx, customerId, email);
        if (!invite) throw new AppError('invite_not_found');
        // Joined meanwhile (another invite, another customer's owner): a new link would only fail.
        if (await isMemberAddress(tx, customerId, email)) {
          throw new AppError('user_already_exists');
        }
        const now = new Date();
        const wait = resendWaitSeconds(invite, now);
        if (wait > 0) {
          void reply.header('retry-after', String(wait));
          throw new AppError('invite_resend_too_soon');
        }
        const { token, tokenHash } = newInviteToken();
        const [row] = await tx
          .update(invites)
          .set({ tokenHash, lastSentAt: now, expiresAt: inviteExpiry(now) })
          .where(eq(invites.id, invite.id))
          .returning();
        if (!row) throw new AppError('invite_not_found');
        await sendInviteMail(tx, row, token, auth.user.id);
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'invite.resend',
          target: row.id,
          details: {
            email: row.email,
            expiresAt: {
              from: invite.expiresAt.toISOString(),
              to: row.expiresAt.toISOString(),
            },
          },
        });
        const [inviter] = row.invitedByUserId
          ? await tx
              .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(eq(users.id, row.invitedByUserId))
              .limit(1)
          : [];
        return toInvite(row, inviter ? displayName(inviter) : null, now);
      });
    },
  );
};
