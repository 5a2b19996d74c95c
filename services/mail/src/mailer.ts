import { EMAIL_FORMAT, EMAIL_MAX_LENGTH } from '@boon/contracts';
import { outboxMails, eq, inArray, type Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { renderMail, type MailContent } from './render.js';

export const MAIL_DELIVERY_QUEUE = 'mail.deliver';

export interface OutgoingMail {
  /** What the mail is for (verify-email, invite…): the mailbox filters by it. */
  kind: string;
  to: string;
  subject: string;
  content: MailContent;
}

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
  const rows = await db
    .select({ id: outboxMails.id, status: outboxMails.status, error: outboxMails.error })
    .from(outboxMails)
    .where(inArray(outboxMails.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { status: row.status, error: row.error }]));
}

export interface MailerOptions {
  db: Database;
  jobs: JobQueue;
  productName: string;
  /** smtp://user:pass@host:port; none: the outbox is the delivery (read at /debug/mailbox). */
  smtpUrl?: string;
  from: string;
}

export async function createMailer({
  db,
  jobs,
  productName,
  smtpUrl,
  from,
}: MailerOptions): Promise<Mailer> {
  if (smtpUrl) {
    // Loaded only where mail leaves by SMTP: the default outbox install never needs it at start.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(smtpUrl);
    await jobs.define<{ id: number }>(
      MAIL_DELIVERY_QUEUE,
      async ({ id }) => {
        const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.id, id)).limit(1);
        // Already sent by an earlier run of this job: sending twice would spam the recipient.
        if (!mail || mail.status === 'sent') return;
        try {
          await transport.sendMail({
            from,
            // An address object, never a string nodemailer would split into a list of recipients.
            to: { name: '', address: mail.to },
            subject: mail.subject,
            text: mail.text ?? '',
            html: mail.html ?? undefined,
          });
        } catch (error) {
          await db
            .update(outboxMails)
            .set({
              status: 'failed',
              error: error instanceof Error ? error.message : String(error),
            })
            .where(eq(outboxMails.id, id));
          throw error;
        }
        // Sent: the body (which may hold a single-use link) need not stay readable by anyone.
        await db
          .update(outboxMails)
          .set({ status: 'sent', sentAt: new Date(), text: null, html: null, error: null })
          .where(eq(outboxMails.id, id));
      },
      // A bulk order's thousands of mails go out several at a time: SMTP waits on the network.
      { workers: 4 },
    );
  }

  const sendMany: Mailer['sendMany'] = async (tx, mails) => {
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
        status: smtpUrl ? ('queued' as const) : ('stored' as const),
      };
    });
    const inserted = await tx.insert(outboxMails).values(rows).returning({ id: outboxMails.id });
    // A multi-row insert's RETURNING follows its VALUES in practice, but SQL does not promise it:
    // the serial ids were drawn in VALUES order, so sorting them restores it.
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    if (ids.length !== mails.length) throw new Error('The outbox did not take every mail');
    if (smtpUrl)
      await jobs.sendMany(
        tx,
        MAIL_DELIVERY_QUEUE,
        ids.map((id) => ({ id })),
      );
    return ids.map((id) => ({ id }));
  };

  return {
    async send(tx, mail) {
      const [sent] = await sendMany(tx, [mail]);
      if (!sent) throw new Error('The outbox did not take the mail');
      return sent;
    },
    sendMany,
  };
}
