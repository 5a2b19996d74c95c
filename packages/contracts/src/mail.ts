import { z } from 'zod';
import { text } from './text.js';
import { EMAIL_MAX_LENGTH } from './email-format.js';

export const MAILBOX_PAGE_MAX = 100;

/** GET /api/mail/outbox (staff): the newest mails first, optionally to one address or of one kind. */
export const mailboxQuerySchema = z.strictObject({
  to: text().trim().max(EMAIL_MAX_LENGTH).optional(),
  kind: text().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_MAX).default(50),
});
export type MailboxQuery = z.infer<typeof mailboxQuerySchema>;

export const mailboxItemSchema = z.object({
  id: z.number().int(),
  kind: text(),
  to: text(),
  subject: text(),
  status: z.enum(['stored', 'queued', 'sent', 'failed']),
  createdAt: text(),
  sentAt: text().nullable(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;
export const mailboxListSchema = z.array(mailboxItemSchema);

/** One mail with its bodies (null once an SMTP delivery has dropped them). */
export const mailboxMailSchema = mailboxItemSchema.extend({
  text: text().nullable(),
  html: text().nullable(),
  error: text().nullable(),
});
export type MailboxMail = z.infer<typeof mailboxMailSchema>;
export const mailboxMailParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1) });

/** The most a reason for an undeliverable mail may say: a bounce's summary line. */
export const MAIL_FAILURE_REASON_MAX = 200;

/**
 * POST /api/mail/outbox/{id}/undeliverable (staff): what a bounce says over SMTP, for the outbox
 * that stands in for it. The reason is what the reward's sender reads on the order.
 */
export const markMailUndeliverableSchema = z.strictObject({
  reason: text().trim().min(1, 'This field is required.').max(MAIL_FAILURE_REASON_MAX),
});
export type MarkMailUndeliverable = z.infer<typeof markMailUndeliverableSchema>;
