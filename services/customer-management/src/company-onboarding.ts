import {
  apiErrorSchema,
  onboardingStateResponseSchema,
  pendingCustomerCreateSchema,
  PROVIDER_EMAIL_DOMAIN,
} from '@boon/contracts';
import { emailHost, isPublicEmail, isSupportedCountry } from '@boon/domain';
import {
  and,
  eq,
  inArray,
  memberships,
  pendingCustomers,
  sql,
  users,
  type Database,
} from '@boon/db';
import type { JobAttempt } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomInt } from 'node:crypto';
import { recordAudit } from './audit.js';
import {
  customerHasDomain,
  DOMAIN_UNIQUE_INDEXES,
  isUniqueViolation,
} from './pending-customer-repository.js';
import type { CustomerManagementOptions } from './routes.js';

/** The background task that sets a new company up (onboarding task state STARTED → COMPLETE). */
export const COMPANY_ONBOARDING_QUEUE = 'customer-management.company-onboarding';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function newPendingCustomerId(): string {
  let id = 'P-';
  for (let i = 0; i < 8; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * POST /pending-customer: a signed-in user without a customer asks for a company account. The
 * request is checked (company e-mail, no customer or open request for the domain), stored as a
 * pending customer whose onboarding task has STARTED, and a job finishes the set-up.
 */
export const companyOnboardingRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  { db, jobs, mailer, publicUrl, productName },
) => {
  await jobs.define<{ pendingCustomerId: string }>(COMPANY_ONBOARDING_QUEUE, (data, attempt) =>
    runCompanyOnboarding({ db, mailer, publicUrl, productName }, data.pendingCustomerId, attempt),
  );

  app.post(
    '/pending-customer',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customer-management'],
        summary: "Ask for a company account for the signed-in user's e-mail domain",
        body: pendingCustomerCreateSchema,
        response: { 201: onboardingStateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const body = request.body;
      // The console offers the supported countries without the prohibited ones (spec 5).
      if (!isSupportedCountry(body.country)) {
        throw new AppError('validation_error', [
          { path: 'country', message: 'We cannot serve companies in this country' },
        ]);
      }
      const created = await db
        .transaction(async (tx) => {
          const [user] = await tx
            .select({ email: users.email, profileCreatedAt: users.profileCreatedAt })
            .from(users)
            .where(eq(users.id, auth.user.id))
            .for('update');
          if (!user?.profileCreatedAt) throw new AppError('user_not_found');
          if (isPublicEmail(user.email)) {
            throw new AppError('validation_error', [
              { path: 'email', message: 'Use your company e-mail address to create a company' },
            ]);
          }
          const domain = emailHost(user.email);
          if (!domain || domain === PROVIDER_EMAIL_DOMAIN) {
            throw new AppError('validation_error', [
              { path: 'email', message: 'Use your company e-mail address to create a company' },
            ]);
          }
          const [member] = await tx
            .select({ customerId: memberships.customerId })
            .from(memberships)
            .where(eq(memberships.userId, auth.user.id))
            .limit(1);
          if (member) throw new AppError('user_already_active');
          const [own] = await tx
            .select({ id: pendingCustomers.id })
            .from(pendingCustomers)
            .where(eq(pendingCustomers.requestedByUserId, auth.user.id))
            .limit(1);
          if (own) throw new AppError('pending_customer_exists');
          const taken = await customerHasDomain(tx, domain);
          const [requested] = await tx
            .select({ id: pendingCustomers.id })
            .from(pendingCustomers)
            .where(
              and(
                eq(sql`lower(${pendingCustomers.domain})`, domain),
                inArray(pendingCustomers.approvalStatus, ['NEW', 'PENDING', 'APPROVED']),
              ),
            )
            .limit(1);
          if (taken || requested) throw new AppError('customer_with_domain_exists');

          const [row] = await tx
            .insert(pendingCustomers)
            .values({
              id: newPendingCustomerId(),
              companyName: body.companyName,
              domain,
              requestedByUserId: auth.user.id,
              approvalStatus: 'NEW',
              onboardingTaskState: 'STARTED',
              country: body.country,
              companySize: body.companySize,
              website: body.website,
              rewardNeed: body.rewardNeed,
              useCases: body.useCases,
            })
            .returning();
          if (!row) throw new Error('pending customer not stored');
          await jobs.send(tx, COMPANY_ONBOARDING_QUEUE, { pendingCustomerId: row.id });
          await recordAudit(tx, {
            actorUserId: auth.user.id,
            customerId: null,
            action: 'pending_customer.create',
            target: row.id,
            details: { ...body, domain },
          });
          return row;
        })
        .catch((error: unknown) => {
          // A colleague's request for the domain committed between our check and our insert (or a
          // customer got the domain meanwhile): the unique index refused the second one.
          if (isUniqueViolation(error, DOMAIN_UNIQUE_INDEXES)) {
            throw new AppError('customer_with_domain_exists');
          }
          throw error;
        });
      return reply.status(201).send({
        pendingCustomerId: created.id,
        companyName: created.companyName,
        approvalStatus: created.approvalStatus,
        onboardingTaskState: created.onboardingTaskState,
      });
    },
  );
};

interface OnboardingJobContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
}

/**
 * One run of the onboarding job. When its last attempt fails too, the task is marked ERROR, so the
 * requester's taking-long screen stops waiting; the error still goes back to pg-boss, which keeps
 * it with the failed job.
 */
export async function runCompanyOnboarding(
  context: OnboardingJobContext,
  pendingCustomerId: string,
  attempt: JobAttempt,
): Promise<void> {
  try {
    await completeCompanyOnboarding(context, pendingCustomerId);
  } catch (error) {
    if (attempt.isLast) {
      await failCompanyOnboarding(context.db, pendingCustomerId, attempt.retryCount + 1);
    }
    throw error;
  }
}

/** Marks a task that is still STARTED as ERROR, audited as the system's doing (no actor). */
export async function failCompanyOnboarding(
  db: Database,
  pendingCustomerId: string,
  attempts: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pendingCustomers)
      .set({ onboardingTaskState: 'ERROR', updatedAt: new Date() })
      .where(
        and(
          eq(pendingCustomers.id, pendingCustomerId),
          eq(pendingCustomers.onboardingTaskState, 'STARTED'),
        ),
      )
      .returning({ id: pendingCustomers.id });
    if (!updated) return;
    await recordAudit(tx, {
      actorUserId: null,
      customerId: null,
      action: 'pending_customer.onboarding_error',
      target: updated.id,
      details: { onboardingTaskState: { from: 'STARTED', to: 'ERROR' }, attempts },
    });
  });
}

/**
 * The onboarding task: queues the request for staff approval and tells staff and the requester.
 * Safe to run twice: a task already COMPLETE is left alone, so nobody is mailed twice.
 */
export async function completeCompanyOnboarding(
  { db, mailer, publicUrl, productName }: OnboardingJobContext,
  pendingCustomerId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: pendingCustomers, requesterEmail: users.email, firstName: users.firstName })
      .from(pendingCustomers)
      .innerJoin(users, eq(users.id, pendingCustomers.requestedByUserId))
      .where(eq(pendingCustomers.id, pendingCustomerId))
      .for('update', { of: pendingCustomers });
    if (!found || found.row.onboardingTaskState !== 'STARTED') return;
    const { row } = found;
    await tx
      .update(pendingCustomers)
      .set({
        onboardingTaskState: 'COMPLETE',
        approvalStatus: row.approvalStatus === 'NEW' ? 'PENDING' : row.approvalStatus,
        updatedAt: new Date(),
      })
      .where(eq(pendingCustomers.id, row.id));
    await recordAudit(tx, {
      actorUserId: null,
      customerId: null,
      action: 'pending_customer.onboarding_complete',
      target: row.id,
      details: { onboardingTaskState: { from: 'STARTED', to: 'COMPLETE' } },
    });
    // Staff decide only once the task is COMPLETE, so the request is still open here; should it
    // not be, "we're verifying" would contradict the decision already mailed.
    if (row.approvalStatus !== 'NEW' && row.approvalStatus !== 'PENDING') return;
    await mailer.send(tx, {
      kind: 'company-received',
      to: found.requesterEmail,
      subject: `We're verifying ${row.companyName}`,
      content: {
        heading: `Thanks${found.firstName ? `, ${found.firstName}` : ''}! We're verifying ${row.companyName}`,
        paragraphs: [
          'Verification takes 2 to 4 business days. We will e-mail you as soon as your account is ready.',
        ],
        action: { label: `Open ${productName}`, url: `${publicUrl}/` },
      },
    });
    const staff = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isStaff, true), eq(users.blocked, false)));
    for (const member of staff) {
      await mailer.send(tx, {
        kind: 'company-awaiting-approval',
        to: member.email,
        subject: `${row.companyName} is waiting for approval`,
        content: {
          heading: `${row.companyName} is waiting for approval`,
          paragraphs: [
            `${found.requesterEmail} asked for a company account for ${row.domain ?? 'an unknown domain'}${row.country ? ` (${row.country})` : ''}.`,
          ],
          action: {
            label: 'Review pending customers',
            url: `${publicUrl}/admin/pending-customers`,
          },
        },
      });
    }
  });
}
