import { mailApi, type MailboxItem, type MailboxMail } from '@boon/contracts';
import { and, desc, eq, outboxMails, sql, type Database } from '@boon/db';
import { AppError, defineService, recordAudit, serviceBuilders } from '@boon/service-kit';
import { redactSecrets } from './redact-secrets.js';

type Row = typeof outboxMails.$inferSelect;

function toItem(row: Row): MailboxItem {
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

/** The outbox, for staff (/debug/mailbox): what the product sent, to whom, and each mail. */
export interface MailboxDeps {
  db: Database;
  /**
   * Whether staff may read mail bodies at all (MAILBOX_SHOW_BODIES: off unless set, on for the
   * demo). Even then every single-use link's secret is redacted: whoever reads a password reset
   * or an invite link could take the account over.
   */
  exposeBodies: boolean;
}

const { route } = serviceBuilders<MailboxDeps>();

export const mailboxService = defineService<MailboxDeps>({
  name: 'mail',
  routes: [
    route(mailApi.listOutboxMails, async ({ query, auth }, { db }) => {
      const { to, kind, limit } = query;
      // Staff reading whose mail: the audit log says who looked, and for what.
      await recordAudit(db, {
        actorUserId: auth.user?.id ?? null,
        customerId: null,
        action: 'mailbox.list',
        target: to ?? '*',
        details: { to: to ?? null, kind: kind ?? null, limit },
      });
      const rows = await db
        .select()
        .from(outboxMails)
        .where(
          and(
            to ? eq(sql`lower(${outboxMails.to})`, to.toLowerCase()) : undefined,
            kind ? eq(outboxMails.kind, kind) : undefined,
          ),
        )
        .orderBy(desc(outboxMails.id))
        .limit(limit);
      return rows.map(toItem);
    }),

    route(mailApi.getOutboxMail, async ({ params, auth }, { db, exposeBodies }) => {
      const [row] = await db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.id, params.id))
        .limit(1);
      if (!row) throw new AppError('not_found');
      await recordAudit(db, {
        actorUserId: auth.user?.id ?? null,
        customerId: null,
        action: 'mailbox.read',
        target: String(row.id),
        details: { to: row.to, kind: row.kind, bodyShown: exposeBodies },
      });
      return toMail(row, exposeBodies);
    }),

    // The outbox is the delivery where there is no SMTP server, so nothing ever bounces there:
    // staff say what a bounce would have said, and the reward's sender sees it on the order
    // and can correct the address and send again.
    route(mailApi.markOutboxMailUndeliverable, async ({ params, body, auth, transaction }, deps) =>
      transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outboxMails)
          .where(eq(outboxMails.id, params.id))
          .for('update')
          .limit(1);
        if (!row) throw new AppError('not_found');
        // Still to go out by SMTP: the delivery job would overwrite the verdict. A failed one may
        // be retried by it too, and already says why it failed.
        if (row.status === 'queued') throw new AppError('mail_not_sent_yet');
        if (row.status === 'failed') throw new AppError('mail_already_undeliverable');
        const [updated] = await tx
          .update(outboxMails)
          .set({ status: 'failed', error: body.reason })
          .where(eq(outboxMails.id, row.id))
          .returning();
        await recordAudit(tx, {
          actorUserId: auth.user?.id ?? null,
          customerId: null,
          action: 'mailbox.mark_undeliverable',
          target: String(row.id),
          details: { to: row.to, kind: row.kind, was: row.status, reason: body.reason },
        });
        return toMail(updated ?? row, deps.exposeBodies);
      }),
    ),
  ],
});

/** One mail as staff may read it: bodies only where shown at all, and always redacted. */
function toMail(row: Row, exposeBodies: boolean): MailboxMail {
  return exposeBodies
    ? {
        ...toItem(row),
        text: row.text === null ? null : redactSecrets(row.text),
        html: row.html === null ? null : redactSecrets(row.html),
        error: row.error,
      }
    : { ...toItem(row), text: null, html: null, error: row.error };
}
