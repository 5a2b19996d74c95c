import {
  apiErrorSchema,
  mailboxListSchema,
  mailboxMailParamsSchema,
  mailboxMailSchema,
  mailboxQuerySchema,
  type MailboxItem,
} from '@boon/contracts';
import { and, desc, eq, outboxMails, sql, type Database } from '@boon/db';
import { AppError } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
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
export interface MailboxOptions {
  db: Database;
  /**
   * Whether staff may read mail bodies. Off in production: bodies hold single-use links (password
   * resets among them), and whoever reads one can take the account over.
   */
  exposeBodies: boolean;
}

export const mailboxRoutes: FastifyPluginAsyncZod<MailboxOptions> = async (
  app,
  { db, exposeBodies },
) => {
  app.get(
    '/outbox',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['mail'],
        summary: 'The newest mails sent, optionally to one address or of one kind (staff)',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxListSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const { to, kind, limit } = request.query;
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
    },
  );

  app.get(
    '/outbox/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['mail'],
        summary: 'One mail with its bodies (staff)',
        params: mailboxMailParamsSchema,
        response: { 200: mailboxMailSchema, ...errors, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.id, request.params.id))
        .limit(1);
      if (!row) throw new AppError('not_found');
      return exposeBodies
        ? { ...toItem(row), text: row.text, html: row.html, error: row.error }
        : { ...toItem(row), text: null, html: null, error: row.error };
    },
  );
};
