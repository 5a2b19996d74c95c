import type { ProductCategory, ProductState } from '@boon/contracts';
import { optionalEnum, optionalSearchText, optionalString } from '@boon/console-kit';

/**
 * The contract's PRODUCT_SEARCH_MAX_LENGTH (checked by a test). Not imported: this file is part
 * of the route definitions, which load with the console's first screen, and the contract's module
 * builds zod schemas as it loads, which would bring zod along.
 */
export const MERCHANT_SEARCH_MAX_LENGTH = 100;

/** The categories a list can be filtered by, in the order they are offered. */
export const productCategories = [
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
] as const satisfies readonly ProductCategory[];

export const productStates = [
  'LIVE',
  'TEMPORARILY_DISABLED',
  'TEMPORARILY_DEGRADED',
] as const satisfies readonly ProductState[];

/** The merchant list's search and filters in the address (/network/merchants?country=GB). */
export interface MerchantsSearch {
  search?: string;
  country?: string;
  currency?: string;
  category?: ProductCategory;
  state?: ProductState;
}

const code = (value: unknown, length: number) => {
  const text = optionalString(value, length);
  return text && new RegExp(`^[A-Z]{${length}}$`).test(text) ? text : undefined;
};

/** The route's validateSearch: anything not valid is dropped, so the list falls back to all. */
export function parseMerchantsSearch(search: Record<string, unknown>): MerchantsSearch {
  const parsed: MerchantsSearch = {
    search: optionalSearchText(search.search, MERCHANT_SEARCH_MAX_LENGTH),
    country: code(search.country, 2),
    currency: code(search.currency, 3),
    category: optionalEnum(search.category, productCategories),
    state: optionalEnum(search.state, productStates),
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as MerchantsSearch;
}
