import { z } from 'zod';

export const MAILBOX_PAGE_MAX = 100;

/** GET /api/mail/outbox (staff): the newest mails first, optionally to one address or of one kind. */
export const mailboxQuerySchema = z.strictObject({
  to: z.string().trim().max(254).optional(),
  kind: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(MAILBOX_PAGE_MAX).default(50),
});
export type MailboxQuery = z.infer<typeof mailboxQuerySchema>;

export const mailboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['stored', 'queued', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;
export const mailboxListSchema = z.array(mailboxItemSchema);

/** One mail with its bodies (null once an SMTP delivery has dropped them). */
export const mailboxMailSchema = mailboxItemSchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
  error: z.string().nullable(),
});
export type MailboxMail = z.infer<typeof mailboxMailSchema>;
export const mailboxMailParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1) });
