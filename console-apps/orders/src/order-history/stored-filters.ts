import { ORDER_HISTORY_FILTERS_KEY } from '@boon/console-kit';
import {
  filtersOf,
  hasFilters,
  parseOrderHistorySearch,
  type OrderHistorySearch,
} from './order-history-search';

/**
 * Order history's filters kept in local storage (spec 3: "kept in local storage"), under the key
 * the shell clears at logout (spec 4.2). What is read back goes through the address's own parser,
 * so a stored value that is no longer valid is dropped.
 */
export function readStoredFilters(storage: Storage = localStorage): OrderHistorySearch {
  try {
    const raw = storage.getItem(ORDER_HISTORY_FILTERS_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return filtersOf(parseOrderHistorySearch(parsed as Record<string, unknown>));
  } catch {
    return {};
  }
}

export function storeFilters(search: OrderHistorySearch, storage: Storage = localStorage) {
  try {
    const filters = filtersOf(search);
    if (hasFilters(filters)) storage.setItem(ORDER_HISTORY_FILTERS_KEY, JSON.stringify(filters));
    else storage.removeItem(ORDER_HISTORY_FILTERS_KEY);
  } catch {
    // Storage full or refused (private mode): the filters stay in the address only.
  }
}
