import { itemsOnPage, pageCount, visiblePages } from '@boon/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';

/** Spec section 3, "Reusable widget data": what a pager is told. */
export interface PaginationProps {
  /** 1-based. */
  currentPage?: number;
  /** Needed for numbered pages and the summary; a cursor-based list may not know it. */
  totalItems?: number;
  itemsPerPage: number;
  /** The page sizes to choose from; without them there is no page-size choice. */
  pageLimits?: readonly number[];
  /** Only previous and next: the server hands out cursors, not page numbers. */
  cursorBased?: boolean;
  nextDisabled?: boolean;
  prevDisabled?: boolean;
  /** The page asked for; with cursors, currentPage ± 1. */
  onPageChange: (page: number) => void;
  onItemsPerPageChange?: (itemsPerPage: number) => void;
  /** The navigation landmark's name, to tell pagers on one page apart. */
  label?: string;
  className?: string;
}

const pagerButtonClasses =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-ink hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-muted disabled:hover:bg-transparent';

/**
 * "Showing N of total", a page-size choice and the pages: 1, the last, and two before to three
 * after the current one (see @boon/domain's visiblePages). Cursor-based lists get only previous
 * and next.
 */
export function Pagination({
  currentPage = 1,
  totalItems,
  itemsPerPage,
  pageLimits,
  cursorBased = false,
  nextDisabled = false,
  prevDisabled = false,
  onPageChange,
  onItemsPerPageChange,
  label = 'Pagination',
  className = '',
}: PaginationProps) {
  const pageSizeId = useId();
  const totalPages = cursorBased ? 0 : pageCount(totalItems ?? 0, itemsPerPage);
  const atFirst = cursorBased ? false : currentPage <= 1;
  const atLast = cursorBased ? false : currentPage >= totalPages;

  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-4 text-sm text-ink ${className}`}
    >
      {!cursorBased && totalItems !== undefined ? (
        <p aria-live="polite" className="text-ink-muted">
          Showing {itemsOnPage(currentPage, totalItems, itemsPerPage)} of {totalItems}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        {pageLimits && pageLimits.length > 0 && onItemsPerPageChange ? (
          <div className="flex items-center gap-2">
            <label htmlFor={pageSizeId} className="text-ink-muted">
              Items per page
            </label>
            <select
              id={pageSizeId}
              value={itemsPerPage}
              className="rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-ink"
              onChange={(event) => onItemsPerPageChange(Number(event.target.value))}
            >
              {pageLimits.map((limit) => (
                <option key={limit} value={limit}>
                  {limit}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <nav aria-label={label}>
          <ul className="flex items-center gap-1">
            <li>
              <button
                type="button"
                aria-label="Previous page"
                disabled={prevDisabled || atFirst}
                className={pagerButtonClasses}
                onClick={() => onPageChange(currentPage - 1)}
              >
                <ChevronLeft aria-hidden="true" focusable="false" className="h-4 w-4" />
              </button>
            </li>
            {visiblePages(currentPage, totalPages).map((item, index) =>
              item === 'ellipsis' ? (
                <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    aria-label={`Page ${item}`}
                    aria-current={item === currentPage ? 'page' : undefined}
                    className={`${pagerButtonClasses} ${item === currentPage ? 'bg-brand-600 font-semibold text-white hover:bg-brand-700' : ''}`}
                    onClick={() => {
                      if (item !== currentPage) onPageChange(item);
                    }}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                aria-label="Next page"
                disabled={nextDisabled || atLast}
                className={pagerButtonClasses}
                onClick={() => onPageChange(currentPage + 1)}
              >
                <ChevronRight aria-hidden="true" focusable="false" className="h-4 w-4" />
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
