// No zod here: the console's route search validators (first screen) read these too, and the
// contract's schemas (catalog.ts) are built from them.

/** A product's states (productStateSchema says what each means), in the order a list offers them. */
export const PRODUCT_STATES = ['LIVE', 'TEMPORARILY_DISABLED', 'TEMPORARILY_DEGRADED'] as const;

/** The merchant network's categories, in the order a list offers them. */
export const PRODUCT_CATEGORIES = [
  'food_and_drink',
  'fashion',
  'electronics',
  'travel',
  'entertainment',
  'home',
  'health_and_beauty',
  'groceries',
  'gaming',
  'sports',
  'books_and_music',
  'charity',
] as const;

/** The longest search text of GET /products. */
export const PRODUCT_SEARCH_MAX_LENGTH = 100;
