import type { Customer, CustomerId } from '@boon/contracts';

/**
 * Which customer the user acts for, given the customers they belong to and the remembered choice
 * (spec 2.1): the only customer is chosen automatically; a remembered choice is kept while the
 * user still belongs to it; otherwise nothing is chosen until the user picks one.
 */
export function pickCustomerId(
  customers: readonly Customer[],
  current: CustomerId | null,
): CustomerId | null {
  const [only] = customers;
  if (customers.length === 1 && only) return only.customerId;
  return customers.some((customer) => customer.customerId === current) ? current : null;
}
