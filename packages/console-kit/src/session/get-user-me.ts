import { customerManagementApi as cm, type CustomerId, type UserMe } from '@boon/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { useApiClient } from '../api/api-client-context';
import { useAppStore } from '../state/app-store';
import { pickCustomerId } from './pick-customer-id';
import { useCustomers } from './get-customers';

/** Roles and permissions depend on the customer (sent as x-customer-id), so it is part of the key. */
export function userMeQueryKey(customerId: CustomerId | null) {
  return queryKeys.user('me', customerId);
}

/** The keys of /user/me at every customer: the user's options are the same at all of them. */
export const userMeQueryPrefix = queryKeys.user('me');

/** GET {customerManagement}/user/me: the signed-in user, with roles for the selected customer. */
export async function getUserMe(api: ApiClient, signal?: AbortSignal): Promise<UserMe> {
  return api.call(cm.getUserMe, { signal });
}

export function userMeQueryOptions(api: ApiClient, customerId: CustomerId | null) {
  return queryOptions({
    queryKey: userMeQueryKey(customerId),
    queryFn: ({ signal }) => getUserMe(api, signal),
  });
}

/**
 * The signed-in user. It waits until the customer choice is settled, so the first request already
 * names the right customer instead of being repeated a moment later.
 */
export function useUserMe() {
  const api = useApiClient();
  const customerId = useAppStore((state) => state.customerId);
  const customers = useCustomers();
  const settled =
    customers.isError ||
    (customers.isSuccess && pickCustomerId(customers.data, customerId) === customerId);
  return useQuery({ ...userMeQueryOptions(api, customerId), enabled: settled });
}
