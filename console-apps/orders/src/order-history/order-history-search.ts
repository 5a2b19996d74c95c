import {
  BULK_BATCH_ID_PATTERN,
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
  type OrderListQuery,
  type OrderSort,
  type OrderStatus,
} from '@boon/contracts';
import {
  optionalCursor,
  optionalEnum,
  optionalSearchText,
  optionalSort,
  optionalString,
  type SearchSort,
} from '@boon/console-kit';

/** Order history's filters, sort and page in the address (/orders?status=COMPLETED&sort=-total). */
export interface OrderHistorySearch {
  search?: string;
  from?: string;
  to?: string;
  /** Product codes, comma-separated, as GET /orders takes them. */
  products?: string;
  status?: OrderStatus;
  minValue?: string;
  maxValue?: string;
  /** `createdAt`, `-createdAt` (the default: newest first), `total` or `-total`. */
  sort?: string;
  cursor?: string;
  /** One bulk order's orders (BB-…), as its rows' links and its progress page ask for them. */
  batchId?: string;
}

/** The filters of spec 3 (kept in local storage): everything but the sort and the page. */
export const filterKeys = [
  'search',
  'from',
  'to',
  'products',
  'status',
  'minValue',
  'maxValue',
] as const satisfies readonly (keyof OrderHistorySearch)[];

/**
 * What narrows the list: the stored filters and a bulk order. The bulk order is never stored: it
 * comes from a link, and a later visit should not open on one batch's orders.
 */
const listFilterKeys = [...filterKeys, 'batchId'] as const;

export const DEFAULT_SORT: SearchSort<OrderSort> = { column: 'createdAt', direction: 'desc' };

const isoDate = (value: unknown) => {
  const text = optionalString(value, 10);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
};

const amount = (value: unknown) => {
  const text = optionalString(typeof value === 'number' ? String(value) : value, 13);
  return text && /^\d{1,9}(\.\d{1,3})?$/.test(text) ? text : undefined;
};

const batchId = (value: unknown) => {
  const text = optionalString(value, 40);
  return text && BULK_BATCH_ID_PATTERN.test(text) ? text : undefined;
};

const productList = (value: unknown) => {
  const text = optionalString(value, 2000);
  if (!text) return undefined;
  const codes = text.split(',').filter((code) => /^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(code));
  return codes.length > 0 ? codes.join(',') : undefined;
};

/** The route's validateSearch: anything not valid is dropped, so the list falls back to all. */
export function parseOrderHistorySearch(search: Record<string, unknown>): OrderHistorySearch {
  const sort = optionalSort(search.sort, ORDER_SORT_COLUMNS);
  const parsed: OrderHistorySearch = {
    search: optionalSearchText(search.search, ORDER_SEARCH_MAX_LENGTH),
    from: isoDate(search.from),
    to: isoDate(search.to),
    products: productList(search.products),
    status: optionalEnum(search.status, ORDER_STATUSES),
    minValue: amount(search.minValue),
    maxValue: amount(search.maxValue),
    sort: sort ? (sort.direction === 'desc' ? `-${sort.column}` : sort.column) : undefined,
    cursor: optionalCursor(search.cursor, 300),
    batchId: batchId(search.batchId),
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as OrderHistorySearch;
}

/** The search's sort as GET /orders takes it. */
export function sortOf(search: OrderHistorySearch): SearchSort<OrderSort> {
  return optionalSort(search.sort, ORDER_SORT_COLUMNS) ?? DEFAULT_SORT;
}

/** GET /orders's query for the list the address describes (without its page size). */
export function orderListQuery(search: OrderHistorySearch): Omit<OrderListQuery, 'limit'> {
  const { column, direction } = sortOf(search);
  const query: Omit<OrderListQuery, 'limit'> = { sort: column, direction };
  for (const key of [...listFilterKeys, 'cursor'] as const) {
    const value = search[key];
    if (value !== undefined) Object.assign(query, { [key]: value });
  }
  return query;
}

/** The filters of a search alone, as local storage keeps them. */
export function filtersOf(search: OrderHistorySearch): OrderHistorySearch {
  const filters: OrderHistorySearch = {};
  for (const key of filterKeys) {
    const value = search[key];
    if (value !== undefined) Object.assign(filters, { [key]: value });
  }
  return filters;
}

export function hasFilters(search: OrderHistorySearch): boolean {
  return listFilterKeys.some((key) => search[key] !== undefined);
}
