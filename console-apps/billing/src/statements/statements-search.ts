import { optionalCurrencyCode } from '@boon/console-kit';

/** Statements' filter in the address (/statements?currency=GBP): one balance's statements. */
export interface StatementsSearch {
  currency?: string;
}

/** The route's validateSearch: anything not valid is dropped, so the list falls back to all. */
export function parseStatementsSearch(search: Record<string, unknown>): StatementsSearch {
  const currency = optionalCurrencyCode(search.currency);
  return currency ? { currency } : {};
}
