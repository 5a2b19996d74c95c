import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import type { ServiceDeps } from '@boon/service-kit';

export interface BillingDeps extends ServiceDeps {
  jobs: JobQueue;
  mailer: Mailer;
  /** Who hears of a failed ledger check; unset, the failure is logged only. */
  ledgerAlertsTo: string | undefined;
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}
