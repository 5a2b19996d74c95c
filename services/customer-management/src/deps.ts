import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { serviceBuilders } from '@boon/service-kit';

/** What the server hands the customer management service. */
export interface CustomerManagementDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** The console's origin, for links in mails. */
  publicUrl: string;
  /** The brand in mails. */
  productName: string;
}

export const { route, job } = serviceBuilders<CustomerManagementDeps>();
