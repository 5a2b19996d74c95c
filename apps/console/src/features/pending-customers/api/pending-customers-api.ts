import type {
  Customer,
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
