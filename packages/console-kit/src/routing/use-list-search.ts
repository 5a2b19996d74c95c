import { useNavigate, useSearch, type HistoryState } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

export interface ListSearchWrite {
  /**
   * Replace the history entry instead of adding one: for text as it is typed, so that a word is
   * one step back, not one per letter. Choices (a filter, a page, a sort) add an entry, so back
   * and forward walk through them.
   */
  replace?: boolean;
  /** History state that travels with the entry but stays out of the address. */
  state?: HistoryState;
}

/**
 * A list's filters, sort and page as the address's search parameters. `parse` is the function
 * the route validates its search with; reading through it again (it is cheap and idempotent)
 * keeps the list independent of which route renders it. Writing replaces the whole search, so
 * the list says which of its parameters a change resets (a filter resets the page), and keeps
 * the scroll position: the list changes, not the page.
 */
export function useListSearch<S extends object>(parse: (search: Record<string, unknown>) => S) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => parse(raw), [parse, raw]);
  const navigate = useNavigate();
  const write = useCallback(
    (next: S, options: ListSearchWrite = {}) => {
      void navigate({
        to: '.',
        // The router types each route's search; a list's type is its own, checked by `parse`.
        search: () => next as never,
        replace: options.replace ?? false,
        resetScroll: false,
        state: options.state,
      });
    },
    [navigate],
  );
  return [search, write] as const;
}
