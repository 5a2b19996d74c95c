import {
  apiErrorSchema,
  customerListSchema,
  permissionsForRoles,
  userMeSchema,
  userOptionsUpdateSchema,
  type UserMe,
  type UserOptions,
} from '@boon/contracts';
import { AppError, requireUser, type AuthContext, type AuthUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from './audit.js';
import { createCustomerRepository } from './customer-repository.js';
import { customerAdminRoutes } from './customer-admin-routes.js';
import { pendingCustomerRoutes } from './pending-customer-routes.js';
import { toCustomer } from './customer-serializer.js';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { users, eq } from '@boon/db';

export interface CustomerManagementOptions {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** The console's origin, for links in mails. */
  publicUrl: string;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The customer management service's HTTP surface (spec section 7), mounted at its base path. */
export const customerManagementRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  options,
) => {
  // Not `options` itself: it carries this plugin's prefix, which nested plugins would add again.
  const { db, jobs, mailer, publicUrl } = options;
  const services = { db, jobs, mailer, publicUrl };
  const customers = createCustomerRepository(db);
  await app.register(customerAdminRoutes, services);
  await app.register(pendingCustomerRoutes, services);

  app.get(
    '/user/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customer-management'],
        summary: 'The signed-in user, with roles and permissions at the selected customer',
        response: { 200: userMeSchema, ...errors },
      },
    },
    async (request) => userMe(db, requireUser(request)),
  );

  app.patch(
    '/user/me/options',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customer-management'],
        summary: "Change the signed-in user's options, such as the consent answer",
        body: userOptionsUpdateSchema,
        response: { 200: userMeSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const requested: Partial<UserOptions> = {};
      if (request.body.dataProcessingTncAccepted !== undefined) {
        requested.dataProcessingTncAccepted = request.body.dataProcessingTncAccepted;
      }
      if (request.body.useBalancesTncAccepted !== undefined) {
        requested.useBalancesTncAccepted = request.body.useBalancesTncAccepted;
      }
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            dataProcessingTncAccepted: users.dataProcessingTncAccepted,
            useBalancesTncAccepted: users.useBalancesTncAccepted,
          })
          .from(users)
          .where(eq(users.id, auth.user.id))
          .for('update');
        if (!before) throw new AppError('user_not_found');
        await tx
          .update(users)
          .set({ ...requested, updatedAt: new Date() })
          .where(eq(users.id, auth.user.id));
        const changes = Object.fromEntries(
          Object.entries(requested).map(([name, to]) => [
            name,
            { from: before[name as keyof UserOptions], to },
          ]),
        );
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId: auth.customerId,
          action: 'user.options.update',
          target: auth.user.id,
          details: { changes },
        });
      });
      return userMe(db, auth);
    },
  );

  app.get(
    '/customer',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customer-management'],
        summary: 'The customers the signed-in user belongs to, sorted by name',
        response: { 200: customerListSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const rows = await customers.listForUser(auth.user.id);
      if (rows.length === 0) throw new AppError('no_customers_found');
      return rows.map(toCustomer);
    },
  );
};

/** GET /user/me's answer, read from the database. */
async function userMe(db: Database, auth: AuthContext & { user: AuthUser }): Promise<UserMe> {
  const [row] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  // A sign-in identity without a backend user yet (spec 4.1: "no backend user exists").
  if (!row?.profileCreatedAt) throw new AppError('user_not_found');
  const held = auth.user.memberships;
  // Without a selected customer, the first by name: what the access token carries too.
  const roles = auth.customerId ? auth.roles : (held[0]?.roles ?? []);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.email,
    emailVerified: row.emailVerified,
    isStaff: row.isStaff,
    customerIds: held.map((m) => m.customerId),
    roles,
    permissions: permissionsForRoles(roles),
    options: {
      useBalancesTncAccepted: row.useBalancesTncAccepted,
      dataProcessingTncAccepted: row.dataProcessingTncAccepted,
    },
    mfaEnabled: row.totpEnabledAt !== null,
  };
}
