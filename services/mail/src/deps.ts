import type { Database } from '@boon/db';
import { serviceBuilders } from '@boon/service-kit';
import type { SmtpSender } from './smtp-sender.js';

/** What the server hands the mail service: the outbox for staff, and its delivery by SMTP. */
export interface MailboxDeps {
  db: Database;
  /**
   * Whether staff may read mail bodies at all (MAILBOX_SHOW_BODIES: off unless set, on for the
   * demo). Even then every single-use link's secret is redacted: whoever reads a password reset
   * or an invite link could take the account over.
   */
  exposeBodies: boolean;
  /** Where mail leaves by SMTP; none: the outbox is the delivery (read at /debug/mailbox). */
  smtp?: SmtpSender | undefined;
}

export const { route, job } = serviceBuilders<MailboxDeps>();
