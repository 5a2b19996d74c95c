import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { Auth } from '../auth/auth-client';
import { createSignedInSession, type SignedInSession } from '../session/signed-in-session';
import { rememberLastCustomer, removeTenantQueries } from '@boon/console-kit';
import { useAppStore, storageKeys } from '@boon/console-kit/shell';
import type { CustomerId } from '@boon/contracts';

export { enforceRouteGuards } from './guards/enforce-route-guards';

/** The signed-in half of the console, loaded with the first signed-in page. */
export interface SignedInShell {
  session: SignedInSession;
  /** Acts for another customer: a token with its roles, its user data, and the guards again. */
  switchCustomer(customerId: CustomerId | null): Promise<void>;
  /**
   * Follows the customer choice (and timezone preference) made in another tab: they are one per
   * browser, kept in localStorage, and two tabs acting for different customers would renew the
   * shared tokens for each in turn. Returns the function that stops following.
   */
  followOtherTabs(): () => void;
}

export function createSignedInShell({
  auth,
  queryClient,
  router,
}: {
  auth: Auth;
  queryClient: QueryClient;
  router: AnyRouter;
}): SignedInShell {
  const session = createSignedInSession({
    auth,
    queryClient,
    onUnauthorized: () => {
      const here = router.state.location.href;
      void router.navigate({
        to: '/login',
        search: here === '/' ? {} : { redirect: here },
        replace: true,
      });
    },
  });
  return {
    session,
    followOtherTabs() {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== storageKeys.customerId) return;
        void Promise.resolve(useAppStore.persist.rehydrate()).then(() => {
          removeTenantQueries(queryClient, useAppStore.getState().customerId);
          return router.invalidate();
        });
      };
      globalThis.addEventListener('storage', onStorage);
      return () => globalThis.removeEventListener('storage', onStorage);
    },
    async switchCustomer(customerId) {
      // The token first, so that nothing asks the API for the new customer with the old roles.
      await auth.ensureCustomerToken(customerId);
      useAppStore.getState().setCustomerId(customerId);
      // So that the next visit, from any browser, starts here (it waits for nothing).
      if (customerId) void rememberLastCustomer(session.api, customerId);
      // Tenant keys start with the customer, so the previous customer's data goes in one sweep.
      removeTenantQueries(queryClient, customerId);
      // Re-runs the signed-in beforeLoad: session for the new customer, then the guards, which
      // send the user home if the page is not open to them at this customer.
      await router.invalidate();
    },
  };
}
