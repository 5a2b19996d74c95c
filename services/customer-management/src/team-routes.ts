import {
  apiErrorSchema,
  customerUserPathSchema,
  customerUserSchema,
  userRolesPathSchema,
  userRolesUpdateSchema,
  type CustomerUser,
} from '@boon/contracts';
import { and, eq, memberships, users, type Database } from '@boon/db';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from './audit.js';
import { parseRoles } from './invite-repository.js';
import type { CustomerManagementOptions } from './routes.js';

const tags = ['customer-management'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

/** A refusal the team screen shows at the field it is about. */
const refuse = (path: string, message: string) =>
  new AppError('validation_error', [{ path, message }]);

/** The member's row at the customer, locked for the caller's transaction. */
async function lockMember(tx: Database, customerId: string, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      emailAddress: users.email,
      emailVerified: users.emailVerified,
      roles: memberships.roles,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)))
    .limit(1)
    .for('update', { of: memberships });
  return row && { ...row, roles: parseRoles(row.roles) };
}

/**
 * A customer's members: change roles, remove (spec 7, issue 4 item 4). The owner cannot be
 * demoted or removed (decisions.md), nobody changes or removes themselves (that would be a way to
 * lock a customer out of its own team management), and 'owner' is never granted (the schema).
 */
export const teamRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (app, { db }) => {
  app.put(
    '/user/:userId/roles',
    {
      config: { access: { permissions: ['write:team_members'] } },
      schema: {
        tags,
        summary: "Change a member's roles at the selected customer",
        params: userRolesPathSchema,
        body: userRolesUpdateSchema,
        response: { 200: customerUserSchema, ...errors },
      },
    },
    async (request): Promise<CustomerUser> => {
      const auth = requireUser(request);
      const customerId = auth.customerId;
      if (!customerId) throw new AppError('forbidden');
      const { userId } = request.params;
      const { roles } = request.body;
      return db.transaction(async (tx) => {
        const member = await lockMember(tx, customerId, userId);
        if (!member) throw new AppError('user_not_found');
        if (member.roles.includes('owner')) {
          throw refuse('roles', "The owner's role cannot be changed");
        }
        if (userId === auth.user.id) throw refuse('roles', 'You cannot change your own role');
        await tx
          .update(memberships)
          .set({ roles })
          .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)));
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'membership.roles.update',
          target: userId,
          details: { roles: { from: member.roles, to: roles } },
        });
        return { ...member, roles };
      });
    },
  );

  app.delete(
    '/customer/:customerId/user/:userId',
    {
      config: { access: { permissions: ['delete:team_members'] } },
      schema: {
        tags,
        summary: 'Remove a member from the customer (access ends at once)',
        params: customerUserPathSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { customerId, userId } = request.params;
      if (auth.customerId !== customerId) throw new AppError('forbidden');
      await db.transaction(async (tx) => {
        const member = await lockMember(tx, customerId, userId);
        if (!member) throw new AppError('user_not_found');
        if (member.roles.includes('owner')) throw refuse('userId', 'The owner cannot be removed');
        if (userId === auth.user.id) throw refuse('userId', 'You cannot remove yourself');
        await tx
          .delete(memberships)
          .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)));
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'membership.delete',
          target: userId,
          details: { email: member.emailAddress, roles: member.roles },
        });
      });
      return reply.code(204).send(null);
    },
  );
};
