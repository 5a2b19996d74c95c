import type { PendingCustomer, PendingCustomerDecline } from '@boon/contracts';
import { eq, pendingCustomers, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  lockPendingCustomer,
  toPendingCustomer,
} from '../repositories/pending-customer-repository.js';
import { isOpen, notOpen, requireSetUp } from './pending-customer-rules.js';

/** Staff decline a pending customer, with an optional reason that the requester is mailed. */
export async function declinePendingCustomer(
  tx: Database,
  { mailer, productName }: Pick<CustomerManagementDeps, 'mailer' | 'productName'>,
  { actorUserId, customerId }: { actorUserId: string; customerId: string | undefined },
  { pendingCustomerId, reason }: PendingCustomerDecline,
): Promise<PendingCustomer> {
  const pending = await lockPendingCustomer(tx, pendingCustomerId);
  if (!pending) throw new AppError('not_found');
  const { row } = pending;
  if (!isOpen(row.approvalStatus)) throw notOpen(row.approvalStatus);
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
    actorUserId,
    customerId,
    action: 'pending_customer.decline',
    target: row.id,
    details: {
      approvalStatus: { from: row.approvalStatus, to: 'DECLINED' },
      reason: reason ?? null,
    },
  });
  return toPendingCustomer({ row: updated, requesterEmail: pending.requesterEmail });
}
