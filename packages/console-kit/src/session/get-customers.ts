import { customerManagementApi as cm, type Customer } from '@boon/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { useApiClient } from '../api/api-client-context';
import { isApiError } from '../api/api-error';
import { useAppStore } from '../state/app-store';

export const customersQueryKey = queryKeys.user('customers');

/**
 * GET {customerManagement}/customer: the customers the signed-in user belongs to. The service
 * answers 404 "No customers found" for a user without any, which is an empty list, not a failure.
 * Other failures are logged quietly (spec 7) and left to the caller, which treats them as an
 * empty list while showing that the list could not be loaded.
 */
export async function getCustomers(api: ApiClient, signal?: AbortSignal): Promise<Customer[]> {
  try {
    return await api.call(cm.listMyCustomers, { signal, withCustomerId: false });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    console.warn('The customer list could not be loaded', error);
    throw error;
  }
}

/**
 * The user's customers, as a query. Staff without a customer of their own (the session reads
 * that from the access token before anything asks) have none to list: asking would only earn a
 * 404 on every page, so the answer is the empty list without a request.
 */
export function customersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: customersQueryKey,
    queryFn: ({ signal }) =>
      useAppStore.getState().staffWithoutCustomers
        ? Promise.resolve<Customer[]>([])
        : getCustomers(api, signal),
  });
}

export function useCustomers() {
  return useQuery(customersQueryOptions(useApiClient()));
}
