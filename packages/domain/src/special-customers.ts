/**
 * The specific customers the spec singles out (2.1), as decisions.md names them: the one customer
 * with the Shop entry and without Order history, and the internal demo customer, which gets no
 * "create new reward" button.
 */
export const specialCustomers = {
  shopCustomer: 'C-GLOBEX01',
  internalDemoCustomer: 'C-DEMO0001',
} as const;

/**
 * The customers without Order history (decisions.md: Globex): its sidebar entry's
 * customerDenyList and its routes' (RouteMeta.customerDenyList), one list for both.
 */
export const orderHistoryDeniedCustomers: readonly string[] = [specialCustomers.shopCustomer];
