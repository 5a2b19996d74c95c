import {
  apiErrorSchema,
  CUSTOMER_SEARCH_MAX,
  customerExistsQuerySchema,
  customerExistsSchema,
  customerListSchema,
  customerPathParamsSchema,
  customerSchema,
  customerSearchQuerySchema,
  customerUserListSchema,
  onboardingStateResponseSchema,
  PROVIDER_EMAIL_DOMAIN,
  type Role,
} from '@boon/contracts';
import { asc, customers, desc, eq, memberships, or, pendingCustomers, sql, users } from '@boon/db';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCustomer } from './customer-serializer.js';
import type { CustomerManagementOptions } from './routes.js';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['customer-management'];

/**
 * Whether `domain` is the provider's own (or one of its sub-domains): spec 5 skips those in the
 * customer-by-domain lookup, even though the internal demo customer carries it.
 */
export function isProviderDomain(domain: string): boolean {
  const host = domain.toLowerCase();
  return host === PROVIDER_EMAIL_DOMAIN || host.endsWith(`.${PROVIDER_EMAIL_DOMAIN}`);
}

/**
 * Customers, their users, the domain lookup and the onboarding state (spec 7).
 *
 * The two /customer/{customerId} paths are tenant-scoped (decisions.md): they need x-customer-id,
 * which the authentication plugin only lets through for a member of that customer or staff, and
 * the path must name that same customer, else 403. So a non-member learns nothing about whether
 * the customer exists.
 */
export const customerAdminRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  { db },
) => {
  /** 403 unless the path names the customer the request acts for (x-customer-id). */
  function requireSameTenant(selected: string | undefined, inPath: string) {
    if (selected !== inPath) throw new AppError('forbidden');
  }

  app.get(
    '/customer/exists',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "Whether a customer has this domain (404 when none; the provider's own is skipped)",
        querystring: customerExistsQuerySchema,
        response: { 200: customerExistsSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      requireUser(request);
      const { domain } = request.query;
      if (isProviderDomain(domain)) throw new AppError('no_customers_found');
      const [row] = await db
        .select({ name: customers.name })
        .from(customers)
        .where(eq(sql`lower(${customers.domain})`, domain))
        .orderBy(asc(customers.name))
        .limit(1);
      if (!row) throw new AppError('no_customers_found');
      return { exists: true as const, customerName: row.name };
    },
  );

  app.get(
    '/customer/:customerId',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags,
        summary: 'One customer: the one x-customer-id selects (members and staff)',
        params: customerPathParamsSchema,
        response: { 200: customerSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      requireSameTenant(auth.customerId, request.params.customerId);
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.id, request.params.customerId))
        .limit(1);
      if (!row) throw new AppError('no_customers_found');
      return toCustomer(row);
    },
  );

  app.get(
    '/customer/:customerId/users',
    {
      // Staff open any customer with its members to support it (issue 4 item 5).
      config: { access: { permissions: ['read:team_members'], orStaff: true } },
      schema: {
        tags,
        summary: "The customer's members with their roles, sorted by name",
        params: customerPathParamsSchema,
        response: { 200: customerUserListSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      requireSameTenant(auth.customerId, request.params.customerId);
      const rows = await db
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
        .where(eq(memberships.customerId, request.params.customerId))
        .orderBy(
          asc(sql`lower(${users.firstName})`),
          asc(sql`lower(${users.lastName})`),
          asc(sql`lower(${users.email})`),
        );
      return rows.map((row) => ({ ...row, roles: row.roles as Role[] }));
    },
  );

  app.get(
    '/customers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: `Staff: customers whose name or id contains the search text (at most ${CUSTOMER_SEARCH_MAX}, by name)`,
        querystring: customerSearchQuerySchema,
        response: { 200: customerListSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const needle = (request.query.search ?? '').toLowerCase();
      // strpos rather than LIKE: the text is matched literally, % and _ included.
      const matches = needle
        ? or(
            sql`strpos(lower(${customers.name}), ${needle}) > 0`,
            sql`strpos(lower(${customers.id}), ${needle}) > 0`,
          )
        : undefined;
      const rows = await db
        .select()
        .from(customers)
        .where(matches)
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(CUSTOMER_SEARCH_MAX);
      return rows.map(toCustomer);
    },
  );

  app.get(
    '/onboarding-state',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's pending customer (404 when there is none)",
        response: { 200: onboardingStateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const [row] = await db
        .select({
          pendingCustomerId: pendingCustomers.id,
          companyName: pendingCustomers.companyName,
          approvalStatus: pendingCustomers.approvalStatus,
          onboardingTaskState: pendingCustomers.onboardingTaskState,
        })
        .from(pendingCustomers)
        .where(eq(pendingCustomers.requestedByUserId, auth.user.id))
        .orderBy(desc(pendingCustomers.createdAt), desc(pendingCustomers.id))
        .limit(1);
      if (!row) throw new AppError('not_found');
      return row;
    },
  );
};
