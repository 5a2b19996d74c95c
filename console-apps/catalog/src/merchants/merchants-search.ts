import {
  PRODUCT_CATEGORIES,
  PRODUCT_SEARCH_MAX_LENGTH,
  PRODUCT_STATES,
  type ProductCategory,
  type ProductState,
} from '@boon/contracts';
import { optionalEnum, optionalSearchText, optionalString } from '@boon/console-kit';

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
    search: optionalSearchText(search.search, PRODUCT_SEARCH_MAX_LENGTH),
    country: code(search.country, 2),
    currency: code(search.currency, 3),
    category: optionalEnum(search.category, PRODUCT_CATEGORIES),
    state: optionalEnum(search.state, PRODUCT_STATES),
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as MerchantsSearch;
}
