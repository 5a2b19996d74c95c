import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { serviceBuilders } from '@boon/service-kit';
import type { PasswordHashing } from './password.js';

/** What the server hands the customer management service. */
export interface CustomerManagementDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** The console's origin, for links in mails. */
  publicUrl: string;
  /** The brand in mails. */
  productName: string;
  /** Passwords at the server's cost (PASSWORD_HASH_COST): the demo users' among them. */
  passwords: PasswordHashing;
}

export const { route, job } = serviceBuilders<CustomerManagementDeps>();
