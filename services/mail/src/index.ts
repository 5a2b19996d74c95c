export {
  createMailer,
  mailDeliveries,
  type MailDelivery,
  MAIL_DELIVERY_QUEUE,
  type Mailer,
  type MailerOptions,
  type OutgoingMail,
} from './mailer.js';
export { mailboxService, type MailboxDeps } from './mailbox-service.js';
export {
  escapeHtml,
  renderMail,
  type MailContent,
  type MailLink,
  type RenderedMail,
} from './render.js';
