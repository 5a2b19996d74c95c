import { defineService } from '@boon/service-kit';
import type { MailboxDeps } from './deps.js';
import { deliverMailJob } from './jobs/deliver-mail.js';
import { mailboxRoutes } from './routes/mailbox-routes.js';

/** Mail: the outbox staff read, and its delivery by SMTP where there is a server. */
export const mailboxService = defineService<MailboxDeps>({
  name: 'mail',
  routes: mailboxRoutes,
  jobs: [deliverMailJob],
});
