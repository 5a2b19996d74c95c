import type { Database } from '@boon/db';
import { findCustomer } from '../repositories/customer-repository.js';

/**
 * What billing may know of a customer (its balances, FX and terms settings), for the server to
 * hand to the billing service: billing never reads this service's tables.
 */
export async function customerBillingProfile(db: Database, customerId: string) {
  const row = await findCustomer(db, customerId);
  if (!row) return undefined;
  const { balances, fx } = row.featureFlags;
  return {
    customerId: row.id,
    name: row.name,
    balancesEnabled: balances.enabled,
    floats: balances.floats,
    cardFees: balances.cardFees,
    fxEnabled: fx,
    balancesTermsAccepted: row.balancesTncAccepted,
  };
}
