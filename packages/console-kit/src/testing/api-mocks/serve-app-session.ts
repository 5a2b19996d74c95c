import type { Customer, UserMe } from '@boon/contracts';
import { serveSession } from './serve-session';
import { acme, meOf, olivia } from './serve-team';

/** Who a console app's fake server signs in, and for which customer. */
export interface AppSessionOptions {
  /** /user/me (Olivia, Acme's owner, unless given). */
  me?: UserMe;
  /** The one customer the user works for (the app's own default unless given). */
  customer?: Customer;
}

/**
 * The session a console app's fake server starts with: the user (`options.me`, else Olivia,
 * Acme's owner) working for one customer (`options.customer`, else `defaultCustomer`). Returns
 * the /user/me it serves.
 */
export function serveAppSession(options: AppSessionOptions, defaultCustomer: Customer = acme) {
  const me = options.me ?? meOf(olivia);
  serveSession([options.customer ?? defaultCustomer], me);
  return me;
}
