import type { Customer, OrderLimit } from '@boon/contracts';
import { currencySymbol } from '@boon/domain';
import type { Database } from '@boon/db';
import type { CustomerRow } from './customer-repository.js';
import { loadOrderLimits } from './order-limits.js';

/**
 * Our row and its order limits (see order-limits.ts; null: none) → the customer shape of the
 * contract (spec section 3).
 */
export function toCustomer(row: CustomerRow, orderLimits: OrderLimit[] | null): Customer {
  return {
    customerId: row.id,
    customerName: row.name,
    name: row.name,
    contactEmailAddress: row.contactEmail,
    source: row.source,
    limitedAccess: row.limitedAccess,
    playgroundMode: row.playgroundMode,
    defaultCurrency: { code: row.defaultCurrency, symbol: currencySymbol(row.defaultCurrency) },
    customerFeatureFlags: row.featureFlags,
    discountConfig:
      row.discountMultiplier === null ? null : { flatRateMultiplier: row.discountMultiplier },
    orderLimits,
    currencyToggles: row.currencyToggles,
    termsAccepted: {
      balances: row.balancesTncAccepted,
      dataProcessing: row.dataProcessingTncAccepted,
    },
  };
}

/** Rows → customers, their order limits read in one query. */
export async function toCustomers(db: Database, rows: readonly CustomerRow[]): Promise<Customer[]> {
  const limits = await loadOrderLimits(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCustomer(row, limits.get(row.id) ?? null));
}
