import type { Customer, CustomerId, UserMe } from '@boon/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import {
  needsOnboarding,
  OnboardingRequired,
} from '../features/onboarding/gate/onboarding-required';
import type { Auth } from '../auth/auth-client';
import { readAccessTokenClaims } from '../auth/access-token-claims';
import { getConsoleConfig } from '../config';
import { useAppStore } from '../state/app-store';
import { customersQueryOptions } from './api/get-customers';
import { userMeQueryOptions } from './api/get-user-me';
import { pickCustomerId } from './pick-customer-id';

/** What the signed-in pages know about the user and the customer they act for. */
export interface SessionSnapshot {
  customers: Customer[];
  /** The selected customer; null when none is chosen or the list could not be loaded. */
  customer: Customer | null;
  user: UserMe;
}

export interface SignedInSession {
  api: ApiClient;
  /**
   * Brings the global state (spec 3) in step with the server before a signed-in page loads:
   * customer list and choice, a token for that customer, the user, the permissions. Cached
   * queries make it cheap on every navigation. Rejects with OnboardingRequired when the user has
   * no backend user or no customer yet (and is not staff).
   */
  load(options?: { preload?: boolean }): Promise<SessionSnapshot>;
}

export interface SignedInSessionDeps {
  auth: Auth;
  queryClient: QueryClient;
  /** Where a failed renewal sends the user: sign-in, back to the page they were on. */
  onUnauthorized(): void;
}

export function createSignedInSession({
  auth,
  queryClient,
  onUnauthorized,
}: SignedInSessionDeps): SignedInSession {
  const api = createApiClient({
    baseUrls: getConsoleConfig().api,
    getAccessToken: () => auth.getAccessToken(),
    refreshAccessToken: (rejectedAccessToken) => auth.refresh(rejectedAccessToken),
    getCustomerId: () => useAppStore.getState().customerId,
    onUnauthorized,
  });

  const loadCustomers = async (): Promise<Customer[]> => {
    const store = useAppStore.getState();
    try {
      const customers = await queryClient.ensureQueryData(customersQueryOptions(api));
      store.setCustomerErr(null);
      return customers;
    } catch (error) {
      // Spec 7: logged quietly (getCustomers did) and treated as an empty list.
      store.setCustomerErr(errorMessage(error));
      return [];
    }
  };

  /** /user/me; null when the signed-in identity has no backend user yet (404, spec 4.1). */
  const loadUser = async (customerId: CustomerId | null): Promise<UserMe | null> => {
    try {
      return await queryClient.ensureQueryData(userMeQueryOptions(api, customerId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  };

  return {
    api,
    async load({ preload = false } = {}) {
      const customers = await loadCustomers();
      const store = useAppStore.getState();
      // A list that failed to load counts as empty, but does not erase the remembered choice.
      const customerId = store.customerErr
        ? store.customerId
        : pickCustomerId(customers, store.customerId);
      if (customerId !== store.customerId) store.setCustomerId(customerId);

      // The provider issues roles per customer; the token must be the selected customer's. A
      // preload (hovering a link) never spends a refresh token on it.
      if (!preload) await auth.ensureCustomerToken();
      const user = await loadUser(customerId);
      // Spec 4.1: no backend user, or no customer (staff need none), means onboarding first.
      if (!user || needsOnboarding(user)) throw new OnboardingRequired(user);
      const claims = readAccessTokenClaims(await auth.getAccessToken());
      // Permissions come from the access token (spec 5); a provider that cannot issue them per
      // customer leaves /user/me's, which the server computes for x-customer-id, as the source.
      const permissions =
        claims.customerId !== null && claims.customerId === customerId
          ? claims.permissions
          : user.permissions;
      store.setUser({ isStaff: user.isStaff, permissions, options: user.options });

      const customer = customers.find((c) => c.customerId === customerId) ?? null;
      store.setSelectedCustomer({
        customerDefaultCurrency: customer?.defaultCurrency.symbol ?? '$',
        customerSource: customer?.source ?? null,
        playgroundMode: customer?.playgroundMode ?? false,
        limitedAccess: customer?.limitedAccess ?? false,
      });
      return { customers, customer, user };
    },
  };
}
