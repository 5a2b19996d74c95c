import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { Auth } from '../auth/auth-client';
import { createSignedInSession, type SignedInSession } from '../session/signed-in-session';
import { useAppStore } from '../state/app-store';
import type { CustomerId } from '@boon/contracts';

export { enforceRouteGuards } from './guards/enforce-route-guards';

/** The signed-in half of the console, loaded with the first signed-in page. */
export interface SignedInShell {
  session: SignedInSession;
  /** Acts for another customer: a token with its roles, its user data, and the guards again. */
  switchCustomer(customerId: CustomerId | null): Promise<void>;
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
    async switchCustomer(customerId) {
      useAppStore.getState().setCustomerId(customerId);
      // Re-runs the signed-in beforeLoad: session for the new customer, then the guards, which
      // send the user home if the page is not open to them at this customer.
      await router.invalidate();
    },
  };
}
