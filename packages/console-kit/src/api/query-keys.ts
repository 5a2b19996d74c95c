import type { CustomerId } from '@boon/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The one place query keys are made. A key's first part says whose data the query holds, so that
 * data can be dropped by owner:
 *  - tenant: one customer's data, `['tenant', customerId, ...]`. The customer comes right after the
 *    scope, so one customer's answer can never be shown under another's key, and switching
 *    customer drops every other customer's data with one call (`removeTenantQueries`).
 *  - user: the signed-in user's own data, whoever they act for: their customers, /user/me (roles
 *    differ per customer, so it carries the customer too), onboarding.
 *  - staff: staff tools that span every customer (pending customers, the mailbox).
 */
export const queryKeys = {
  tenant: <const P extends readonly unknown[]>(customerId: CustomerId | null, ...parts: P) =>
    ['tenant', customerId, ...parts] as const,
  user: <const P extends readonly unknown[]>(...parts: P) => ['user', ...parts] as const,
  staff: <const P extends readonly unknown[]>(...parts: P) => ['staff', ...parts] as const,
};

export function isTenantKey(key: QueryKey): boolean {
  return key[0] === 'tenant';
}

export function isUserKey(key: QueryKey): boolean {
  return key[0] === 'user';
}

/**
 * Forgets the cached data of every customer but `keep` (all of them when left out): once the user
 * acts for another customer, nothing of the previous one stays in memory to be shown again.
 */
export function removeTenantQueries(queryClient: QueryClient, keep?: CustomerId | null): void {
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      isTenantKey(queryKey) && (keep === undefined || queryKey[1] !== keep),
  });
}
