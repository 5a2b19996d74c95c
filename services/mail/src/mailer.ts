import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { putInOutbox, type OutgoingMail } from './operations/put-in-outbox.js';
import { outboxStatuses } from './repositories/outbox-repository.js';
import { createSmtpSender, type SmtpSender } from './smtp-sender.js';

export type { OutgoingMail } from './operations/put-in-outbox.js';
export { MAIL_DELIVERY_QUEUE } from './jobs/mail-delivery-queue.js';

/** How the other services send mail. */
export interface Mailer {
  /**
   * Puts a mail in the outbox inside `tx`, so it exists exactly when the change it tells about
   * committed. With SMTP, a job delivers it.
   */
  send(tx: Database, mail: OutgoingMail): Promise<{ id: number }>;
  /** Puts several mails in the outbox inside `tx` in one statement; their ids, in order. */
  sendMany(tx: Database, mails: readonly OutgoingMail[]): Promise<{ id: number }[]>;
}

/** Where a mail is: in the outbox (the embedded delivery), queued for SMTP, sent, or failed. */
export interface MailDelivery {
  status: 'stored' | 'queued' | 'sent' | 'failed';
  error: string | null;
}

/** The delivery of each of these outbox mails (for a reward's "E-mail sent"). */
export async function mailDeliveries(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, MailDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await outboxStatuses(db, ids);
  return new Map(rows.map((row) => [row.id, { status: row.status, error: row.error }]));
}

export interface MailerOptions {
  jobs: JobQueue;
  productName: string;
  /** smtp://user:pass@host:port; none: the outbox is the delivery (read at /debug/mailbox). */
  smtpUrl?: string;
  from: string;
}

/**
 * The mailer, and with `smtpUrl` the SMTP sender the mail service's delivery job sends its mails
 * through (the server hands it to that service).
 */
export async function createMailer({
  jobs,
  productName,
  smtpUrl,
  from,
}: MailerOptions): Promise<Mailer & { readonly smtp?: SmtpSender }> {
  const smtp = smtpUrl ? await createSmtpSender(smtpUrl, from) : undefined;
  const sendMany: Mailer['sendMany'] = (tx, mails) =>
    putInOutbox(tx, mails, { productName, jobs, bySmtp: smtp !== undefined });
  return {
    async send(tx, mail) {
      const [sent] = await sendMany(tx, [mail]);
      if (!sent) throw new Error('The outbox did not take the mail');
      return sent;
    },
    sendMany,
    ...(smtp ? { smtp } : {}),
  };
}
