import type { MailboxMail } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { findOutboxMail, markOutboxMailFailed } from '../repositories/outbox-repository.js';
import { toMailboxMail } from './mailbox-views.js';

/**
 * The outbox is the delivery where there is no SMTP server, so nothing ever bounces there: staff
 * say what a bounce would have said, and the reward's sender sees it on the order and can correct
 * the address and send again.
 */
export async function markMailUndeliverable(
  tx: Database,
  actorUserId: string | null,
  { id, reason }: { id: number; reason: string },
  exposeBodies: boolean,
): Promise<MailboxMail> {
  const row = await findOutboxMail(tx, id, { lock: true });
  if (!row) throw new AppError('not_found');
  // Still to go out by SMTP: the delivery job would overwrite the verdict. A failed one may be
  // retried by it too, and already says why it failed.
  if (row.status === 'queued') throw new AppError('mail_not_sent_yet');
  if (row.status === 'failed') throw new AppError('mail_already_undeliverable');
  const updated = await markOutboxMailFailed(tx, row.id, reason);
  await recordAudit(tx, {
    actorUserId,
    customerId: null,
    action: 'mailbox.mark_undeliverable',
    target: String(row.id),
    details: { to: row.to, kind: row.kind, was: row.status, reason },
  });
  return toMailboxMail(updated ?? row, exposeBodies);
}
