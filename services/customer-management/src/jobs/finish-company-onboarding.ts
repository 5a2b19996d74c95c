import { and, eq, pendingCustomers, users, type Database } from '@boon/db';
import type { JobAttempt } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { recordAudit } from '@boon/service-kit';
import { job } from '../deps.js';

/** The background task that sets a new company up (onboarding task state STARTED → COMPLETE). */
export const FINISH_COMPANY_ONBOARDING_QUEUE = 'customer-management.company-onboarding';

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
async function runCompanyOnboarding(
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

export const finishCompanyOnboardingJob = job<{ pendingCustomerId: string }>(
  FINISH_COMPANY_ONBOARDING_QUEUE,
  (data, attempt, deps) => runCompanyOnboarding(deps, data.pendingCustomerId, attempt),
);
