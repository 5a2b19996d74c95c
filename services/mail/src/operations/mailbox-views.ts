import type { MailboxItem, MailboxMail } from '@boon/contracts';
import { redactSecrets } from '../redact-secrets.js';
import type { OutboxRow } from '../repositories/outbox-repository.js';

/** A mail as the mailbox lists it: never its body. */
export function toMailboxItem(row: OutboxRow): MailboxItem {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** One mail as staff may read it: bodies only where shown at all, and always redacted. */
export function toMailboxMail(row: OutboxRow, exposeBodies: boolean): MailboxMail {
  return exposeBodies
    ? {
        ...toMailboxItem(row),
        text: row.text === null ? null : redactSecrets(row.text),
        html: row.html === null ? null : redactSecrets(row.html),
        error: row.error,
      }
    : { ...toMailboxItem(row), text: null, html: null, error: row.error };
}
