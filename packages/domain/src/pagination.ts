/** A page number to offer, or the gap between two that are not next to each other. */
export type PageListItem = number | 'ellipsis';

/** Spec section 9: pages from two before to three after the current one are offered. */
const PAGES_BEFORE_CURRENT = 2;
const PAGES_AFTER_CURRENT = 3;

/** How many pages the items fill; none when there are no items. */
export function pageCount(totalItems: number, itemsPerPage: number): number {
  if (totalItems <= 0 || itemsPerPage <= 0) return 0;
  return Math.ceil(totalItems / itemsPerPage);
}

/**
 * The pages a pager shows: page 1, the last page, and the pages from two before to three after
 * the current one, with an ellipsis wherever shown pages are not consecutive. A current page
 * outside 1…totalPages is treated as the nearest end.
 */
export function visiblePages(currentPage: number, totalPages: number): PageListItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(currentPage, 1), totalPages);
  const first = Math.max(1, current - PAGES_BEFORE_CURRENT);
  const last = Math.min(totalPages, current + PAGES_AFTER_CURRENT);
  const shown = new Set([1, totalPages]);
  for (let page = first; page <= last; page += 1) shown.add(page);

  const items: PageListItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push('ellipsis');
    items.push(page);
    previous = page;
  }
  return items;
}

/** The N of "Showing N of total": how many items the current page holds. */
export function itemsOnPage(currentPage: number, totalItems: number, itemsPerPage: number): number {
  if (currentPage < 1 || itemsPerPage <= 0) return 0;
  const before = (currentPage - 1) * itemsPerPage;
  return Math.max(0, Math.min(itemsPerPage, totalItems - before));
}
