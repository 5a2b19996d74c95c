import { EMAIL_FORMAT, EMAIL_MAX_LENGTH } from '@boon/contracts';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { MAIL_DELIVERY_QUEUE } from '../jobs/mail-delivery-queue.js';
import { renderMail, type MailContent } from '../render.js';
import { insertOutboxMails } from '../repositories/outbox-repository.js';

export interface OutgoingMail {
  /** What the mail is for (verify-email, invite…): the mailbox filters by it. */
  kind: string;
  to: string;
  subject: string;
  content: MailContent;
}

/**
 * Renders the mails and stores them in the outbox inside `tx`, in one statement; with SMTP, queues
 * their delivery in the same transaction. Their ids, in order.
 */
export async function putInOutbox(
  tx: Database,
  mails: readonly OutgoingMail[],
  { productName, jobs, bySmtp }: { productName: string; jobs: JobQueue; bySmtp: boolean },
): Promise<{ id: number }[]> {
  if (mails.length === 0) return [];
  const rows = mails.map((mail) => {
    // Every caller validated the address; this keeps a list or a display name from ever
    // becoming several recipients, whoever calls next.
    if (mail.to.length > EMAIL_MAX_LENGTH || !EMAIL_FORMAT.test(mail.to)) {
      throw new Error('A mail needs exactly one valid recipient address');
    }
    const body = renderMail(mail.content, productName);
    return {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: body.text,
      html: body.html,
      status: bySmtp ? ('queued' as const) : ('stored' as const),
    };
  });
  const ids = await insertOutboxMails(tx, rows);
  if (ids.length !== mails.length) throw new Error('The outbox did not take every mail');
  if (bySmtp) {
    await jobs.sendMany(
      tx,
      MAIL_DELIVERY_QUEUE,
      ids.map((id) => ({ id })),
    );
  }
  return ids.map((id) => ({ id }));
}
