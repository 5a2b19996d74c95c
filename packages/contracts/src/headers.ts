/** The header the console sends with every tenant-scoped call. */
export const CUSTOMER_ID_HEADER = 'x-customer-id';
