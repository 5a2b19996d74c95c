import type { Customer } from '@boon/contracts';
import { currencySymbol } from '@boon/domain';
import type { CustomerRow } from './customer-repository.js';

/** Our row → the customer shape of the contract (spec section 3). */
export function toCustomer(row: CustomerRow): Customer {
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
    orderLimits: row.orderLimits,
    currencyToggles: row.currencyToggles,
    termsAccepted: {
      balances: row.balancesTncAccepted,
      dataProcessing: row.dataProcessingTncAccepted,
    },
  };
}
