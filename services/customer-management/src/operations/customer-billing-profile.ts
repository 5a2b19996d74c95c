import { eq, users, type Database } from '@boon/db';
import { findCustomer } from '../repositories/customer-repository.js';
import { findCustomerWithOrderLimits } from '../repositories/order-limits.js';

/**
 * What billing may know of a customer (its balances and FX settings), for the server to
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
  };
}

/**
 * Whether a user accepted the balances terms (their useBalancesTncAccepted option, which the
 * console's add-funds guard reads too): billing asks before anyone adds funds.
 */
export async function balancesTermsAcceptedBy(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ accepted: users.useBalancesTncAccepted })
    .from(users)
    .where(eq(users.id, userId));
  return row?.accepted ?? false;
}

/**
 * What ordering needs of a customer: restrictions, currency toggles, order limits,
 * the discount, and the balances that pay. Undefined for a customer that does not exist.
 */
export async function customerOrderingProfile(db: Database, customerId: string) {
  const found = await findCustomerWithOrderLimits(db, customerId);
  if (!found) return undefined;
  const { customer: row, orderLimits: limits } = found;
  return {
    customerId: row.id,
    name: row.name,
    orderingRestricted: row.orderingRestricted,
    portalOrderingRestricted: row.portalOrderingRestricted,
    currencyToggles: row.currencyToggles,
    orderLimits: limits,
    flatRateMultiplier:
      row.featureFlags.discounts && row.discountMultiplier !== null ? row.discountMultiplier : null,
    balancesEnabled: row.featureFlags.balances.enabled,
    floats: row.featureFlags.balances.floats,
    fxEnabled: row.featureFlags.fx,
    linkExpiryDays: row.linkExpiryDays,
  };
}
