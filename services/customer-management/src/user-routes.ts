import {
  apiErrorSchema,
  userActivatedSchema,
  userActivateSchema,
  userCreateSchema,
  userMeSchema,
} from '@boon/contracts';
import { and, eq, invites, isNull, memberships, users } from '@boon/db';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from './audit.js';
import {
  findInviteByToken,
  inviteState,
  inviteStateMessage,
  parseRoles,
} from './invite-repository.js';
import type { CustomerManagementOptions } from './routes.js';
import { userMe } from './user-me.js';

const tags = ['customer-management'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** A 422 about the token field: what the console shows as "invite expired or invalid" (spec 5). */
const tokenError = (message: string) =>
  new AppError('validation_error', [{ path: 'token', message }]);

/** Creating the backend user (onboarding account-details) and accepting an invite (spec 7). */
export const userRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (app, { db }) => {
  app.post(
    '/user/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Create the backend user for the signed-in identity (first and last name)',
        body: userCreateSchema,
        response: { 201: userMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { firstName, lastName } = request.body;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ profileCreatedAt: users.profileCreatedAt })
          .from(users)
          .where(eq(users.id, auth.user.id))
          .for('update');
        if (!row) throw new AppError('user_not_found');
        if (row.profileCreatedAt) throw new AppError('user_already_exists');
        const now = new Date();
        await tx
          .update(users)
          .set({ firstName, lastName, profileCreatedAt: now, updatedAt: now })
          .where(eq(users.id, auth.user.id));
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId: auth.customerId,
          action: 'user.create',
          target: auth.user.id,
          details: { firstName, lastName },
        });
      });
      return reply.code(201).send(await userMe(db, auth));
    },
  );

  app.post(
    '/user/activate',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Accept an invite: join its customer with its roles (the invite's address only)",
        // Optional as a whole: a call without a body gets the spec's 400, not a schema error.
        body: userActivateSchema.nullish(),
        response: { 200: userActivatedSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const token = request.body?.token;
      if (!token) throw new AppError('missing_token');
      return db.transaction(async (tx) => {
        const invite = await findInviteByToken(tx, token, { lock: true });
        if (!invite) throw new AppError('invite_not_found');
        const [user] = await tx
          .select({
            email: users.email,
            emailVerified: users.emailVerified,
            profileCreatedAt: users.profileCreatedAt,
          })
          .from(users)
          .where(eq(users.id, auth.user.id))
          .for('update');
        if (!user) throw new AppError('user_not_found');
        if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
          throw tokenError('This invite was sent to another e-mail address');
        }
        if (!user.profileCreatedAt) throw new AppError('user_not_found');
        // Before the invite's state: a second click on an accepted invite says "already active".
        const [member] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, auth.user.id),
              eq(memberships.customerId, invite.customerId),
            ),
          )
          .limit(1);
        if (member) throw new AppError('user_already_active');
        const state = inviteState(invite);
        if (state !== 'open') throw tokenError(inviteStateMessage(state));

        const roles = parseRoles(invite.roles);
        const now = new Date();
        await tx.insert(memberships).values({
          userId: auth.user.id,
          customerId: invite.customerId,
          roles,
        });
        await tx
          .update(invites)
          .set({ acceptedAt: now })
          .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt)));
        // Following the mailed link proved the address.
        if (!user.emailVerified) {
          await tx
            .update(users)
            .set({ emailVerified: true, updatedAt: now })
            .where(eq(users.id, auth.user.id));
        }
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId: invite.customerId,
          action: 'invite.accept',
          target: invite.id,
          details: {
            email: invite.email,
            roles,
            invitedByUserId: invite.invitedByUserId,
            emailVerified: { from: user.emailVerified, to: true },
          },
        });
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId: invite.customerId,
          action: 'membership.create',
          target: auth.user.id,
          details: { customerId: invite.customerId, roles, inviteId: invite.id },
        });
        return { customerId: invite.customerId, roles };
      });
    },
  );
};
