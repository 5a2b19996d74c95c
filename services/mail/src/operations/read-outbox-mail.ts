import type { MailboxMail } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { findOutboxMail } from '../repositories/outbox-repository.js';
import { toMailboxMail } from './mailbox-views.js';

/** One mail of the outbox, for staff; every look is audited, with whether the body was shown. */
export async function readOutboxMail(
  db: Database,
  actorUserId: string | null,
  id: number,
  exposeBodies: boolean,
): Promise<MailboxMail> {
  const row = await findOutboxMail(db, id);
  if (!row) throw new AppError('not_found');
  await recordAudit(db, {
    actorUserId,
    customerId: null,
    action: 'mailbox.read',
    target: String(row.id),
    details: { to: row.to, kind: row.kind, bodyShown: exposeBodies },
  });
  return toMailboxMail(row, exposeBodies);
}
