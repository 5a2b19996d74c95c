// No zod here: the console's route search validators (first screen) read these too, and the
// contract's schemas (ordering.ts) are built from them.

/** An order's statuses (orderStatusSchema says what each means), in the order a list offers them. */
export const ORDER_STATUSES = [
  'SCHEDULED',
  'PROCESSING',
  'COMPLETED',
  'PARTIALLY_CANCELLED',
  'CANCELLED',
  'FAILED',
] as const;

/** The columns GET /orders sorts by. */
export const ORDER_SORT_COLUMNS = ['createdAt', 'total'] as const;

/** The longest search text of GET /orders. */
export const ORDER_SEARCH_MAX_LENGTH = 100;

/** A bulk batch's id (BB-…), which GET /orders filters by. */
export const BULK_BATCH_ID_PATTERN = /^BB-[A-Z0-9]{8,26}$/;
