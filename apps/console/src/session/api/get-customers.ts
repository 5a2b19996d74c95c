import type { Customer } from '@boon/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-client-context';
import { isApiError } from '../../api/api-error';

export const customersQueryKey = ['customer-management', 'customers'] as const;

/**
 * GET {customerManagement}/customer: the customers the signed-in user belongs to. The service
 * answers 404 "No customers found" for a user without any, which is an empty list, not a failure.
 * Other failures are logged quietly (spec 7) and left to the caller, which treats them as an
 * empty list while showing that the list could not be loaded.
 */
export async function getCustomers(api: ApiClient, signal?: AbortSignal): Promise<Customer[]> {
  try {
    return await api.request<Customer[]>('customerManagement', '/customer', {
      signal,
      withCustomerId: false,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    console.warn('The customer list could not be loaded', error);
    throw error;
  }
}

export function customersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: customersQueryKey,
    queryFn: ({ signal }) => getCustomers(api, signal),
  });
}

export function useCustomers() {
  return useQuery(customersQueryOptions(useApiClient()));
}
