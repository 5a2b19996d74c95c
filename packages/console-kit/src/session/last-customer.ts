import { customerManagementApi as cm, type CustomerId } from '@boon/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { queryKeys } from '../api/query-keys';

export const lastCustomerQueryKey = queryKeys.user('last-customer');

/**
 * GET {customerManagement}/user/me/last-customer: the customer the user last chose, on any
 * browser. A preference, not a requirement: when it cannot be read (no backend user yet, an
 * outage) the console goes on without it, with this browser's own choice.
 */
export async function getLastCustomer(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<CustomerId | null> {
  try {
    const answer = await api.call(cm.getLastCustomer, { signal, withCustomerId: false });
    return answer.customerId;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('The last customer used could not be read', error);
    return null;
  }
}

export function lastCustomerQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: lastCustomerQueryKey,
    queryFn: ({ signal }) => getLastCustomer(api, signal),
    // Read once per visit: from then on this browser's choice leads (and is written back).
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * PUT {customerManagement}/user/me/last-customer/{id}: remembers the customer the user chose in
 * the switcher. A failure is logged and otherwise ignored: the choice itself has been made.
 */
export async function rememberLastCustomer(api: ApiClient, customerId: CustomerId): Promise<void> {
  try {
    await api.call(cm.setLastCustomer, { params: { customerId } });
  } catch (error) {
    console.warn('The customer chosen could not be remembered for next time', error);
  }
}
