import type { Database } from '@boon/db';
import {
  findOutboxMail,
  markOutboxMailFailed,
  markOutboxMailSent,
} from '../repositories/outbox-repository.js';
import type { SmtpSender } from '../smtp-sender.js';

/**
 * Sends one outbox mail by SMTP. A refusal marks it failed with the server's reason and is
 * thrown again, so the job is retried.
 */
export async function deliverMail(db: Database, smtp: SmtpSender, id: number): Promise<void> {
  const mail = await findOutboxMail(db, id);
  // Already sent by an earlier run of this job: sending twice would spam the recipient.
  if (!mail || mail.status === 'sent') return;
  try {
    await smtp.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text ?? '',
      html: mail.html ?? undefined,
    });
  } catch (error) {
    await markOutboxMailFailed(db, id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  // Sent: the body (which may hold a single-use link) need not stay readable by anyone.
  await markOutboxMailSent(db, id, new Date());
}
