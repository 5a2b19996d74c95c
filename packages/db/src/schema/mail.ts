import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the product sends. Without SMTP this table is the delivery (staff read it at
 * /debug/mailbox); with SMTP a job delivers each row and then drops its body.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    status: text('status', { enum: ['stored', 'queued', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_mails_to_idx').on(t.to, t.createdAt)],
);
