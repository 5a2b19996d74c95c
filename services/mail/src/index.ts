export {
  createMailer,
  MAIL_DELIVERY_QUEUE,
  type Mailer,
  type MailerOptions,
  type OutgoingMail,
} from './mailer.js';
export { mailboxRoutes } from './mailbox-routes.js';
export { escapeHtml, renderMail, type MailContent, type RenderedMail } from './render.js';
