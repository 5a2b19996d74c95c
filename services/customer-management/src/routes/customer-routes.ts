import {
  CUSTOMER_SEARCH_MAX,
  customerManagementApi as api,
  PROVIDER_EMAIL_DOMAIN,
} from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import {
  findCustomer,
  findCustomerNameByDomain,
  listMembers,
  searchCustomers,
} from '../repositories/customer-repository.js';
import { toCustomer, toCustomers } from '../repositories/customer-serializer.js';
import { loadCustomerOrderLimits } from '../repositories/order-limits.js';
import { findLatestPendingCustomerOfUser } from '../repositories/pending-customer-of-user.js';

/**
 * Whether `domain` is the provider's own (or one of its sub-domains): spec 5 skips those in the
 * customer-by-domain lookup, even though the internal demo customer carries it.
 */
function isProviderDomain(domain: string): boolean {
  const host = domain.toLowerCase();
  return host === PROVIDER_EMAIL_DOMAIN || host.endsWith(`.${PROVIDER_EMAIL_DOMAIN}`);
}

/**
 * Customers, their members, the domain lookup and the onboarding state (spec 7). The two
 * /customer/{customerId} reads are tenant-scoped by their path: the platform lets only members of
 * that customer (and staff, where allowed) through, so a non-member learns nothing about whether
 * the customer exists.
 */
export const customerRoutes = [
  route(api.customerExists, async ({ request, query }, { db }) => {
    requireUser(request);
    if (isProviderDomain(query.domain)) throw new AppError('no_customers_found');
    const customerName = await findCustomerNameByDomain(db, query.domain);
    if (customerName === undefined) throw new AppError('no_customers_found');
    return { exists: true as const, customerName };
  }),

  route(api.getCustomer, async ({ customerId }, { db }) => {
    const row = await findCustomer(db, customerId);
    if (!row) throw new AppError('no_customers_found');
    return toCustomer(row, await loadCustomerOrderLimits(db, row.id));
  }),

  route(api.listCustomerUsers, ({ customerId }, { db }) => listMembers(db, customerId)),

  route(api.searchCustomers, async ({ query }, { db }) =>
    toCustomers(db, await searchCustomers(db, query.search ?? '', CUSTOMER_SEARCH_MAX)),
  ),

  route(api.getOnboardingState, async ({ request }, { db }) => {
    const row = await findLatestPendingCustomerOfUser(db, requireUser(request).user.id);
    if (!row) throw new AppError('not_found');
    return row;
  }),
];
