import {
  apiErrorSchema,
  customerListSchema,
  userMeSchema,
  userOptionsUpdateSchema,
  type UserOptions,
} from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from './audit.js';
import { createCustomerRepository } from './customer-repository.js';
import { customerAdminRoutes } from './customer-admin-routes.js';
import { pendingCustomerRoutes } from './pending-customer-routes.js';
import { companyOnboardingRoutes } from './company-onboarding.js';
import { toCustomer } from './customer-serializer.js';
import { userMe } from './user-me.js';
import { userRoutes } from './user-routes.js';
import { inviteRoutes } from './invite-routes.js';
import { teamRoutes } from './team-routes.js';
import { customerSettingsRoutes } from './customer-settings-routes.js';
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
  /** The brand in mails. */
  productName: string;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The customer management service's HTTP surface (spec section 7), mounted at its base path. */
export const customerManagementRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  options,
) => {
  // Not `options` itself: it carries this plugin's prefix, which nested plugins would add again.
  const { db, jobs, mailer, publicUrl, productName } = options;
  const services = { db, jobs, mailer, publicUrl, productName };
  const customers = createCustomerRepository(db);
  await app.register(customerAdminRoutes, services);
  await app.register(pendingCustomerRoutes, services);
  await app.register(companyOnboardingRoutes, services);
  await app.register(userRoutes, services);
  await app.register(inviteRoutes, services);
  await app.register(teamRoutes, services);
  await app.register(customerSettingsRoutes, services);

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
