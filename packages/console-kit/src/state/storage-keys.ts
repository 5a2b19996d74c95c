/**
 * localStorage keys the shell owns or clears. The order-history filters belong to the orders
 * application, which must keep them under this key so that logging out clears them (spec 4.2).
 */
export const storageKeys = {
  customerId: 'boon.customer-id',
  orderHistoryFilters: 'boon.order-history-filters',
  featureToggles: 'boon.feature-toggles',
  /** The new-customer onboarding flag (spec 2.2, 9): the string 'true' while set. */
  onboardingFlag: 'boon.onboarding.newCustomer',
  /** The token of the invite being accepted (/invite-link), until it is used. */
  inviteToken: 'boon.inviteToken',
} as const;

/** Where the orders application keeps Order history's filters: logging out clears it (spec 4.2). */
export const ORDER_HISTORY_FILTERS_KEY = storageKeys.orderHistoryFilters;
