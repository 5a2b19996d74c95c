import type { Customer, CustomerId } from '@boon/contracts';

/** A valid customer (customerSchema) with the given id and name. */
export function customer(customerId: CustomerId, customerName: string): Customer {
  return {
    customerId,
    customerName,
    name: customerName,
    contactEmailAddress: null,
    source: 'direct',
    limitedAccess: false,
    playgroundMode: false,
    defaultCurrency: { code: 'USD', symbol: '$' },
    customerFeatureFlags: {
      balances: { enabled: false, floats: [], cardFees: false },
      fx: false,
      breakage: false,
      discounts: false,
    },
    discountConfig: null,
    orderLimits: null,
    currencyToggles: {},
    termsAccepted: { balances: true, dataProcessing: true },
  };
}
