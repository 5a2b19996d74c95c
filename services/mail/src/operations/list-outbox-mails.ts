import type { MailboxItem } from '@boon/contracts';
import type { Database } from '@boon/db';
import { recordAudit } from '@boon/service-kit';
import { listOutboxMails as listRows } from '../repositories/outbox-repository.js';
import { toMailboxItem } from './mailbox-views.js';

/** The outbox's newest mails, to an address and of a kind where given, for staff. */
export async function listOutboxMails(
  db: Database,
  actorUserId: string | null,
  filter: { to?: string | undefined; kind?: string | undefined; limit: number },
): Promise<MailboxItem[]> {
  const { to, kind, limit } = filter;
  // Staff reading whose mail: the audit log says who looked, and for what.
  await recordAudit(db, {
    actorUserId,
    customerId: null,
    action: 'mailbox.list',
    target: to ?? '*',
    details: { to: to ?? null, kind: kind ?? null, limit },
  });
  const rows = await listRows(db, { to, kind, limit });
  return rows.map(toMailboxItem);
}
