import {
  customerManagementApi as cm,
  type Customer,
  type CustomerUser,
  type PendingCustomer,
  type PendingCustomerApprovalSettings,
  type PendingCustomerPage,
} from '@boon/contracts';
import { queryKeys, type ApiClient } from '@boon/console-kit';
import { statusQuery, type PendingCustomersSearch } from '../pending-customers-search';

/** The page size of the staff list. */
export const PENDING_CUSTOMERS_PAGE_SIZE = 25;

/** What one page of the list depends on: the filters and the page's cursor. */
export type PendingCustomersPageRequest = Pick<
  PendingCustomersSearch,
  'status' | 'name' | 'cursor'
>;

/**
 * Query keys of the staff customer screens. A page's key holds what it was asked with, so each
 * filter and page is cached on its own; a decision invalidates `pending`, and with it every page.
 */
export const pendingCustomersQueryKeys = {
  pending: queryKeys.staff('pending-customers'),
  page: ({ status, name, cursor }: PendingCustomersPageRequest) =>
    queryKeys.staff('pending-customers', { status, name, cursor }),
};

/** GET /pending-customer: one page of pending customers, after `cursor` when given. */
export function fetchPendingCustomers(
  api: ApiClient,
  { status, name, cursor }: PendingCustomersPageRequest,
  signal?: AbortSignal,
): Promise<PendingCustomerPage> {
  return api.call(cm.listPendingCustomers, {
    query: {
      status: statusQuery(status),
      customer_name_begins_with: name,
      limit: PENDING_CUSTOMERS_PAGE_SIZE,
      cursor,
    },
    signal,
    withCustomerId: false,
  });
}

/** POST /pending-customer/approve: creates the customer with its settings, once per key. */
export function approvePendingCustomer(
  api: ApiClient,
  pendingCustomerId: string,
  settings: PendingCustomerApprovalSettings,
  idempotencyKey: string,
): Promise<Customer> {
  return api.call(cm.approvePendingCustomer, {
    body: { pendingCustomerId, settings },
    idempotencyKey,
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
  return api.call(cm.declinePendingCustomer, {
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
  return api.call(cm.searchCustomers, {
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
  // The path names the customer, which is the tenant of both calls.
  const [customer, members] = await Promise.all([
    api.call(cm.getCustomer, { params: { customerId }, signal }),
    api.call(cm.listCustomerUsers, { params: { customerId }, signal }),
  ]);
  return { customer, members };
}
