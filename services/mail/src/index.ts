export {
  createMailer,
  mailDeliveries,
  type MailDelivery,
  MAIL_DELIVERY_QUEUE,
  type Mailer,
  type MailerOptions,
  type OutgoingMail,
} from './mailer.js';
export { mailboxService } from './service.js';
export type { MailboxDeps } from './deps.js';
export type { SmtpSender } from './smtp-sender.js';
export {
  escapeHtml,
  renderMail,
  type MailContent,
  type MailLink,
  type RenderedMail,
} from './render.js';
