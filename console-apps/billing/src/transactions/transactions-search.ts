import {
  TRANSACTION_SEARCH_MAX_LENGTH,
  type TransactionDirection,
  type TransactionType,
} from '@boon/contracts';
import {
  optionalCurrencyCode,
  optionalEnum,
  optionalSearchText,
  optionalString,
} from '@boon/console-kit';

export const transactionTypes = [
  'TOP_UP',
  'ORDER_ITEM',
  'FEES',
  'CURRENCY_EXCHANGE',
  'ADJUSTMENT',
] as const satisfies readonly TransactionType[];
export const transactionDirections = [
  'CREDIT',
  'DEBIT',
] as const satisfies readonly TransactionDirection[];

/** All transactions' filters in the address (/transactions?currency=GBP&from=2026-11-01). */
export interface TransactionsSearch {
  from?: string;
  to?: string;
  type?: TransactionType;
  currency?: string;
  direction?: TransactionDirection;
  search?: string;
  sort?: 'oldest';
}

const isoDate = (value: unknown) => {
  const text = optionalString(value, 10);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
};

/** The route's validateSearch: anything not valid is dropped, so the list falls back to all. */
export function parseTransactionsSearch(search: Record<string, unknown>): TransactionsSearch {
  const parsed: TransactionsSearch = {
    from: isoDate(search.from),
    to: isoDate(search.to),
    type: optionalEnum(search.type, transactionTypes),
    currency: optionalCurrencyCode(search.currency),
    direction: optionalEnum(search.direction, transactionDirections),
    search: optionalSearchText(search.search, TRANSACTION_SEARCH_MAX_LENGTH),
    sort: search.sort === 'oldest' ? 'oldest' : undefined,
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as TransactionsSearch;
}
