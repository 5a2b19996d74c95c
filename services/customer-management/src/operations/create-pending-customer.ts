import type { OnboardingStateResponse, PendingCustomerCreate } from '@boon/contracts';
import { PROVIDER_EMAIL_DOMAIN } from '@boon/contracts';
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
import { AppError, fieldError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import { FINISH_COMPANY_ONBOARDING_QUEUE } from '../jobs/finish-company-onboarding.js';
import {
  customerHasDomain,
  refusingTakenDomain,
} from '../repositories/pending-customer-repository.js';

/**
 * A signed-in user without a customer asks for a company account. The request is checked (a
 * supported country, a company e-mail, no customer or open request for the domain), stored as a
 * pending customer whose onboarding task has STARTED, and a job, queued in the same transaction,
 * finishes the set-up.
 */
export async function createPendingCustomer(
  tx: Database,
  { jobs }: Pick<CustomerManagementDeps, 'jobs'>,
  userId: string,
  body: PendingCustomerCreate,
): Promise<OnboardingStateResponse> {
  // The console offers the supported countries without the prohibited ones (spec 5).
  if (!isSupportedCountry(body.country)) {
    throw fieldError('country', 'We cannot serve companies in this country');
  }
  const created = await refusingTakenDomain(async () => {
    const [user] = await tx
      .select({ email: users.email, profileCreatedAt: users.profileCreatedAt })
      .from(users)
      .where(eq(users.id, userId))
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
      .where(eq(memberships.userId, userId))
      .limit(1);
    if (member) throw new AppError('user_already_active');
    const [own] = await tx
      .select({ id: pendingCustomers.id })
      .from(pendingCustomers)
      .where(eq(pendingCustomers.requestedByUserId, userId))
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
        id: prefixedId('P-', 8),
        companyName: body.companyName,
        domain,
        requestedByUserId: userId,
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
    await jobs.send(tx, FINISH_COMPANY_ONBOARDING_QUEUE, { pendingCustomerId: row.id });
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: null,
      action: 'pending_customer.create',
      target: row.id,
      details: { ...body, domain },
    });
    return row;
  });
  return {
    pendingCustomerId: created.id,
    companyName: created.companyName,
    approvalStatus: created.approvalStatus,
    onboardingTaskState: created.onboardingTaskState,
  };
}
