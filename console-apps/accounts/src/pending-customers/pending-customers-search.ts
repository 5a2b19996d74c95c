import { COMPANY_NAME_MAX_LENGTH, type PendingCustomerStatus } from '@boon/contracts';
import { optionalCursor, optionalEnum, optionalSearchText } from '@boon/console-kit';

/** The statuses staff filter by, as the contract spells them (a type-only import: no zod here). */
export const pendingCustomerStatuses = [
  'NEW',
  'PENDING',
  'APPROVED',
  'DECLINED',
] as const satisfies readonly PendingCustomerStatus[];

/** The filter value for every status; in the address as `status=ALL`. */
export const ALL_STATUSES = 'ALL';
export type StatusFilter = PendingCustomerStatus | typeof ALL_STATUSES;

/**
 * The list opens on the requests waiting for a decision: staff come here to work
 * through that queue, not to read the history.
 */
export const DEFAULT_STATUS_FILTER: StatusFilter = 'PENDING';

/** The server refuses longer name prefixes and search texts. */
export const SEARCH_TEXT_MAX = COMPANY_NAME_MAX_LENGTH;

/**
 * The Customers screen's state in its address (/admin/pending-customers?status=NEW&name=ini):
 * the pending list's status filter, name prefix and page cursor, and the text the all-customers
 * search last looked for. The status is always one filter: Pending when the address names none
 * or one that doesn't exist, `ALL` for every status. Unset otherwise means any name, the first
 * page, no search yet (an empty `customers` is a search for every customer).
 */
export interface PendingCustomersSearch {
  status: StatusFilter;
  name?: string;
  cursor?: string;
  customers?: string;
}

/** The route's validateSearch: anything not valid is dropped, so the page falls back to defaults. */
export function parsePendingCustomersSearch(
  search: Record<string, unknown>,
): PendingCustomersSearch {
  const customers =
    search.customers === '' ? '' : optionalSearchText(search.customers, SEARCH_TEXT_MAX);
  return {
    status:
      optionalEnum(search.status, [...pendingCustomerStatuses, ALL_STATUSES]) ??
      DEFAULT_STATUS_FILTER,
    name: optionalSearchText(search.name, SEARCH_TEXT_MAX),
    cursor: optionalCursor(search.cursor),
    customers,
  };
}

/** The status to ask the server for: none for every status. */
export function statusQuery(filter: StatusFilter): PendingCustomerStatus | undefined {
  return filter === ALL_STATUSES ? undefined : filter;
}
