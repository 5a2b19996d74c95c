import type { CatalogProduct } from '@boon/catalog';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { OrderingProfile } from '@boon/domain';
import type { MailDelivery, Mailer } from '@boon/mail';
import type { RewardSupplier } from '@boon/reward-supplier';
import { serviceBuilders, type ServiceDeps } from '@boon/service-kit';

/** What ordering needs of a customer; customer management owns it. */
export interface CustomerOrderingProfile extends OrderingProfile {
  balancesEnabled: boolean;
  /** The currencies the customer holds a balance in. */
  floats: readonly string[];
  /** Boon FX is on: an order may be paid from a balance in another currency. */
  fxEnabled: boolean;
  /** How long its payout links stay claimable. */
  linkExpiryDays: number;
}

export interface OrderingDeps extends ServiceDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  /** The customer's ordering settings; undefined for a customer that does not exist. */
  orderingProfile(customerId: string): Promise<CustomerOrderingProfile | undefined>;
  /** The catalogue's products with these codes (unknown codes are left out). */
  products(codes: readonly string[]): Promise<CatalogProduct[]>;
  /** Where each reward mail is (outbox, queued, sent, failed). */
  mailDeliveries(db: Database, ids: readonly number[]): Promise<Map<number, MailDelivery>>;
  supplier: RewardSupplier;
  /** The console's origin, for links in mails and the links handed out. */
  publicUrl: string;
  productName: string;
}

export const { route, job } = serviceBuilders<OrderingDeps>();
