import { openPendingCustomerStatuses, type PendingCustomerStatus } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import type { PendingCustomerRow } from '../repositories/pending-customer-repository.js';

/** The 409 for a pending customer already approved or declined: says which, for staff to see. */
export function notOpen(status: PendingCustomerStatus): AppError {
  return new AppError(
    status === 'APPROVED'
      ? 'pending_customer_already_approved'
      : 'pending_customer_already_declined',
  );
}

export const isOpen = (status: PendingCustomerStatus) =>
  (openPendingCustomerStatuses as readonly string[]).includes(status);

/**
 * 409 while the onboarding job has not finished: it mails the requester "we're verifying" and
 * staff "waiting for approval", which would arrive after, and contradict, an early decision. A
 * request whose set-up failed for good (ERROR) may still be declined, so it stops holding its
 * domain; it can't be approved.
 */
export function requireSetUp(row: PendingCustomerRow, decision: 'approve' | 'decline') {
  const ready =
    row.onboardingTaskState === 'COMPLETE' ||
    (decision === 'decline' && row.onboardingTaskState === 'ERROR');
  if (!ready) throw new AppError('pending_customer_not_ready');
}
