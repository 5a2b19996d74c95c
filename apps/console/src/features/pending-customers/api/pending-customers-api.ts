import { CUSTOMER_ID_HEADER } from '@boon/contracts';
import type {
  Customer,
  CustomerUser,
  PendingCustomer,
  PendingCustomerApprovalSettings,
  PendingCustomerPage,
  PendingCustomerStatus,
} from '@boon/contracts';
import type { ApiClient } from '../../../api/api-client';

/** The page size of the staff list. */
export const PENDING_CUSTOMERS_PAGE_SIZE = 25;

export interface PendingCustomerFilter {
  status: PendingCustomerStatus | null;
  /** The company name prefix; blank means any. */
  namePrefix: string;
}

/** GET /pending-customer: one page of pending customers, after `cursor` when given. */
export function fetchPendingCustomers(
  api: ApiClient,
  filter: PendingCustomerFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PendingCustomerPage> {
  const prefix = filter.namePrefix.trim();
  return api.request<PendingCustomerPage>('customerManagement', '/pending-customer', {
    query: {
      status: filter.status ?? undefined,
      customer_name_begins_with: prefix === '' ? undefined : prefix,
      limit: PENDING_CUSTOMERS_PAGE_SIZE,
      cursor: cursor ?? undefined,
    },
    signal,
    withCustomerId: false,
  });
}

/** POST /pending-customer/approve: creates the customer with its settings. */
export function approvePendingCustomer(
  api: ApiClient,
  pendingCustomerId: string,
  settings: PendingCustomerApprovalSettings,
): Promise<Customer> {
  return api.request<Customer>('customerManagement', '/pending-customer/approve', {
    method: 'POST',
    body: { pendingCustomerId, settings },
    withCustomerId: false,
  });
}

/** POST /pending-customer/decline, with an optional reason. */
export function declinePendingCustomer(
  api: ApiClient,
  pendingCustomerId: string,
  reason: string,
): Promise<PendingCustomer> {
  const trimmed = reason.trim();
  return api.request<PendingCustomer>('customerManagement', '/pending-customer/decline', {
    method: 'POST',
    body: trimmed === '' ? { pendingCustomerId } : { pendingCustomerId, reason: trimmed },
    withCustomerId: false,
  });
}

/** GET /customers (staff): customers whose name or id contains `search`. */
export function searchCustomers(
  api: ApiClient,
  search: string,
  signal?: AbortSignal,
): Promise<Customer[]> {
  const text = search.trim();
  return api.request<Customer[]>('customerManagement', '/customers', {
    query: { search: text === '' ? undefined : text },
    signal,
    withCustomerId: false,
  });
}

/** GET /customer/{id} and its members, acting for that customer (staff may act for any). */
export async function fetchCustomerWithMembers(
  api: ApiClient,
  customerId: string,
  signal?: AbortSignal,
): Promise<{ customer: Customer; members: CustomerUser[] }> {
  const path = `/customer/${encodeURIComponent(customerId)}`;
  const options = {
    signal,
    withCustomerId: false,
    headers: { [CUSTOMER_ID_HEADER]: customerId },
  } as const;
  const [customer, members] = await Promise.all([
    api.request<Customer>('customerManagement', path, options),
    api.request<CustomerUser[]>('customerManagement', `${path}/users`, options),
  ]);
  return { customer, members };
}
