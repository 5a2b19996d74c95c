import type { Customer, CustomerId, UserMe } from '@boon/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createApiClient,
  type ApiClient,
  isApiError,
  NO_RESPONSE_STATUS,
  errorMessage,
  getConsoleConfig,
  customersQueryOptions,
  lastCustomerQueryOptions,
  userMeQueryOptions,
  pickCustomerId,
} from '@boon/console-kit';
import { needsOnboarding, OnboardingRequired } from './onboarding-required';
import type { Auth } from '../auth/auth-client';
import { readAccessTokenClaims, type ConsoleTokenClaims } from '../auth/access-token-claims';
import { useAppStore } from '@boon/console-kit/shell';

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
  /**
   * Sends the calls `load` starts with (the customer list, the customer last chosen, and
   * /user/me when the choice is known) without waiting for their answers, which `load` then
   * uses. Resolves once they are on their way.
   */
  warm(): Promise<void>;
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
      // An API out of reach answers nothing else either: say so now rather than after /user/me
      // has failed too.
      if (isApiError(error) && error.status === NO_RESPONSE_STATUS) throw error;
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

  /**
   * The customer the user last chose, on any browser (null when none): it leads once, when the
   * console starts; from then on this browser's choice does, and every choice is written back.
   */
  let startChoice: Promise<CustomerId | null> | undefined = undefined;
  const loadStartChoice = () => {
    startChoice ??= queryClient.ensureQueryData(lastCustomerQueryOptions(api));
    return startChoice;
  };
  let startChoiceApplied = false;

  /**
   * /user/me for the customer chosen before, asked alongside the customer list rather than after
   * it: the choice almost always stands, and then the session needs one round trip to the API
   * instead of two. Only while the token is already that customer's, since /user/me must not be
   * asked for a customer with another's roles; a choice that changes leaves an unused answer.
   */
  const prefetchLikelyUser = (issued: ConsoleTokenClaims) => {
    const chosen = useAppStore.getState().customerId;
    if (!chosen || !issued.customerIds.includes(chosen)) return;
    if (issued.customerId !== null && issued.customerId !== chosen) return;
    // Only when nothing is cached: a later navigation reads the cache, as loadUser does.
    queryClient.ensureQueryData(userMeQueryOptions(api, chosen)).catch(() => undefined);
  };

  /**
   * What the token says before anything is asked. Staff without a customer of their own have no
   * list to ask for (it answered 404 on every page). The token's word is enough: a
   * staff member added to a customer since it was issued gets the list with the next token.
   */
  const readToken = async () => {
    const issued = readAccessTokenClaims(await auth.getAccessToken());
    const staffWithoutCustomers = issued.isStaff && issued.customerIds.length === 0;
    useAppStore.getState().setStaffWithoutCustomers(staffWithoutCustomers);
    return { issued, staffWithoutCustomers };
  };

  return {
    api,
    async warm() {
      const { issued, staffWithoutCustomers } = await readToken();
      prefetchLikelyUser(issued);
      if (!staffWithoutCustomers) {
        queryClient.ensureQueryData(customersQueryOptions(api)).catch(() => undefined);
        loadStartChoice().catch(() => undefined);
      }
      // The requests leave once the promises before them (the token, read from storage) settle.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async load({ preload = false } = {}) {
      const { issued, staffWithoutCustomers } = await readToken();
      if (!preload) prefetchLikelyUser(issued);
      const [customers, lastChosen] = await Promise.all([
        loadCustomers(),
        staffWithoutCustomers ? null : loadStartChoice(),
      ]);
      const store = useAppStore.getState();
      if (!startChoiceApplied && !preload) {
        startChoiceApplied = true;
        // Only a customer the user still belongs to; otherwise the spec's rule below decides.
        if (lastChosen && customers.some((c) => c.customerId === lastChosen)) {
          store.setCustomerId(lastChosen);
        }
      }
      // A list that failed to load counts as empty, but does not erase the remembered choice.
      const customerId = store.customerErr
        ? store.customerId
        : pickCustomerId(customers, useAppStore.getState().customerId);
      if (customerId !== useAppStore.getState().customerId) store.setCustomerId(customerId);

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
