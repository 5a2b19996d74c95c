import {
  apiErrorSchema,
  customerSchema,
  openPendingCustomerStatuses,
  pendingCustomerApproveSchema,
  pendingCustomerDeclineSchema,
  pendingCustomerListQuerySchema,
  pendingCustomerPageSchema,
  pendingCustomerSchema,
  type PendingCustomerStatus,
} from '@boon/contracts';
import { featureFlaggedCurrencyDefaults } from '@boon/domain';
import { customers, eq, memberships, pendingCustomers } from '@boon/db';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from './audit.js';
import { toCustomer } from './customer-serializer.js';
import {
  customerHasDomain,
  decodePendingCustomerCursor,
  DOMAIN_UNIQUE_INDEXES,
  encodePendingCustomerCursor,
  isUniqueViolation,
  listPendingCustomers,
  lockPendingCustomer,
  newCustomerId,
  toPendingCustomer,
  type PendingCustomerRow,
} from './pending-customer-repository.js';
import type { CustomerManagementOptions } from './routes.js';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** The 409 for a pending customer already approved or declined: says which, for staff to see. */
function notOpen(status: PendingCustomerStatus): AppError {
  return new AppError(
    status === 'APPROVED'
      ? 'pending_customer_already_approved'
      : 'pending_customer_already_declined',
  );
}

const isOpen = (status: PendingCustomerStatus) =>
  (openPendingCustomerStatuses as readonly string[]).includes(status);

/**
 * 409 while the onboarding job has not finished: it mails the requester "we're verifying" and
 * staff "waiting for approval", which would arrive after, and contradict, an early decision. A
 * request whose set-up failed for good (ERROR) may still be declined, so it stops holding its
 * domain; it can't be approved.
 */
function requireSetUp(row: PendingCustomerRow, decision: 'approve' | 'decline') {
  const ready =
    row.onboardingTaskState === 'COMPLETE' ||
    (decision === 'decline' && row.onboardingTaskState === 'ERROR');
  if (!ready) throw new AppError('pending_customer_not_ready');
}

/** Pending customers and their approval by staff (spec 7). */
export const pendingCustomerRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  { db, mailer, publicUrl, productName },
) => {
  app.get(
    '/pending-customer',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['customer-management'],
        summary: 'Pending customers by company name, filtered by status and name prefix (staff)',
        querystring: pendingCustomerListQuerySchema,
        response: { 200: pendingCustomerPageSchema, ...errors },
      },
    },
    async (request) => {
      const { status, customer_name_begins_with, limit, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodePendingCustomerCursor(cursor);
      if (cursor !== undefined && !after) {
        throw new AppError('validation_error', [
          { path: 'querystring.cursor', message: 'Invalid cursor' },
        ]);
      }
      const page = await listPendingCustomers(db, {
        status,
        nameBeginsWith: customer_name_begins_with,
        after,
        limit,
      });
      const last = page.items.at(-1);
      return {
        items: page.items.map(toPendingCustomer),
        nextCursor:
          page.more && last
            ? encodePendingCustomerCursor({ companyName: last.row.companyName, id: last.row.id })
            : null,
      };
    },
  );

  app.post(
    '/pending-customer/approve',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['customer-management'],
        summary: 'Approve a pending customer: creates the customer with its settings (staff)',
        body: pendingCustomerApproveSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { pendingCustomerId, settings } = request.body;
      const outcome = await db
        .transaction(async (tx) => {
          const pending = await lockPendingCustomer(tx, pendingCustomerId);
          if (!pending) throw new AppError('not_found');
          const { row } = pending;
          if (!isOpen(row.approvalStatus)) {
            return { ok: false as const, status: row.approvalStatus };
          }
          requireSetUp(row, 'approve');

          // Another request for the domain may have been approved since this one was made.
          if (row.domain && (await customerHasDomain(tx, row.domain))) {
            throw new AppError('customer_with_domain_exists');
          }

          const values = {
            name: row.companyName,
            contactEmail: pending.requesterEmail,
            domain: row.domain,
            source: 'direct' as const,
            limitedAccess: false,
            playgroundMode: false,
            featureFlags: {
              balances: {
                enabled: settings.balancesEnabled,
                floats: settings.currencies,
                cardFees: false,
              },
              fx: settings.fxEnabled,
              breakage: false,
              discounts: settings.discountMultiplier !== null,
            },
            discountMultiplier: settings.discountMultiplier,
            orderLimits: settings.orderLimits,
            currencyToggles: { ...featureFlaggedCurrencyDefaults },
          };
          let created: typeof customers.$inferSelect | undefined;
          // A fresh random id; on the rare clash with an existing one, another. Only the id: a
          // clash on the domain's index is an error (409 below), not a reason to try again.
          for (let attempt = 0; !created && attempt < 5; attempt += 1) {
            [created] = await tx
              .insert(customers)
              .values({ id: newCustomerId(), ...values })
              .onConflictDoNothing({ target: customers.id })
              .returning();
          }
          if (!created) throw new Error('could not allocate a customer id');

          await tx
            .insert(memberships)
            .values({ userId: row.requestedByUserId, customerId: created.id, roles: ['owner'] });
          await tx
            .update(pendingCustomers)
            .set({ approvalStatus: 'APPROVED', customerId: created.id, updatedAt: new Date() })
            .where(eq(pendingCustomers.id, row.id));
          await mailer.send(tx, {
            kind: 'company-approved',
            to: pending.requesterEmail,
            subject: `${row.companyName} is approved`,
            content: {
              heading: `${row.companyName} is ready on ${productName}`,
              paragraphs: [
                'Your company account is approved. Sign in to order rewards and invite your team.',
              ],
              action: { label: `Sign in to ${productName}`, url: `${publicUrl}/` },
            },
          });

          const audit = { actorUserId: auth.user.id, customerId: auth.customerId };
          await recordAudit(tx, {
            ...audit,
            action: 'pending_customer.approve',
            target: row.id,
            details: {
              approvalStatus: { from: row.approvalStatus, to: 'APPROVED' },
              customerId: created.id,
            },
          });
          await recordAudit(tx, {
            ...audit,
            action: 'customer.create',
            target: created.id,
            details: { pendingCustomerId: row.id, name: created.name, settings },
          });
          await recordAudit(tx, {
            ...audit,
            action: 'membership.create',
            target: row.requestedByUserId,
            details: { customerId: created.id, roles: ['owner'] },
          });
          return { ok: true as const, created };
        })
        .catch((error: unknown) => {
          // A customer with the domain committed between the check above and the insert.
          if (isUniqueViolation(error, DOMAIN_UNIQUE_INDEXES)) {
            throw new AppError('customer_with_domain_exists');
          }
          throw error;
        });
      if (!outcome.ok) throw notOpen(outcome.status);
      return toCustomer(outcome.created);
    },
  );

  app.post(
    '/pending-customer/decline',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['customer-management'],
        summary: 'Decline a pending customer (staff)',
        body: pendingCustomerDeclineSchema,
        response: { 200: pendingCustomerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { pendingCustomerId, reason } = request.body;
      const outcome = await db.transaction(async (tx) => {
        const pending = await lockPendingCustomer(tx, pendingCustomerId);
        if (!pending) throw new AppError('not_found');
        const { row } = pending;
        if (!isOpen(row.approvalStatus)) return { ok: false as const, status: row.approvalStatus };
        requireSetUp(row, 'decline');
        const [updated] = await tx
          .update(pendingCustomers)
          .set({ approvalStatus: 'DECLINED', updatedAt: new Date() })
          .where(eq(pendingCustomers.id, row.id))
          .returning();
        if (!updated) throw new AppError('not_found');
        await mailer.send(tx, {
          kind: 'company-declined',
          to: pending.requesterEmail,
          subject: `We couldn't approve ${row.companyName}`,
          content: {
            heading: `We couldn't approve ${row.companyName}`,
            paragraphs: [
              `We reviewed your request for a ${productName} company account and could not approve it.`,
              ...(reason ? [`Reason: ${reason}`] : []),
              'Reply to this e-mail if you think this is a mistake.',
            ],
          },
        });
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId: auth.customerId,
          action: 'pending_customer.decline',
          target: row.id,
          details: {
            approvalStatus: { from: row.approvalStatus, to: 'DECLINED' },
            reason: reason ?? null,
          },
        });
        return {
          ok: true as const,
          declined: { row: updated, requesterEmail: pending.requesterEmail },
        };
      });
      if (!outcome.ok) throw notOpen(outcome.status);
      return toPendingCustomer(outcome.declined);
    },
  );
};
