import type { CardProcessor } from '@boon/card-processor';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import { serviceBuilders, type ServiceDeps } from '@boon/service-kit';

/**
 * What billing needs to know of a customer, which customer management owns: the server hands it
 * over as a function, so billing never reads that service's tables.
 */
export interface CustomerBillingProfile {
  customerId: string;
  name: string;
  balancesEnabled: boolean;
  /** The currencies the customer may hold a balance in. */
  floats: readonly string[];
  cardFees: boolean;
  fxEnabled: boolean;
}

export interface BillingDeps extends ServiceDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** Who hears of a failed ledger check; unset, the failure is logged only. */
  ledgerAlertsTo: string | undefined;
  /** Whether the user accepted the balances terms, which adding funds needs (spec 6). */
  balancesTermsAccepted(userId: string): Promise<boolean>;
  /** The customer's billing settings; undefined for a customer that does not exist. */
  customerProfile(customerId: string): Promise<CustomerBillingProfile | undefined>;
  /** Card payments: the payment provider (the embedded sandbox by default). */
  cardProcessor: CardProcessor;
  /**
   * A stored card's processor token, which the saved-cards service owns; undefined when the
   * company has no such card (or it was removed).
   */
  savedCardToken(customerId: string, cardId: string): Promise<string | undefined>;
  /** The console's origin, for links in mails. */
  publicUrl: string;
  productName: string;
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

export const { route, job } = serviceBuilders<BillingDeps>();
