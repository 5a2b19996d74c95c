import type { SheetEntry, SheetSummary } from './bulk-file';

/** Which rows the grid lists. */
export type GridFilter = 'attention' | 'problems' | 'duplicates' | 'all';

export const gridFilterLabels: Record<GridFilter, string> = {
  attention: 'Rows with problems or duplicate recipients',
  problems: 'Rows with problems',
  duplicates: 'Duplicate recipients',
  all: 'Every row',
};

/**
 * The indexes of the rows the filter lists, in the file's order. Duplicates waiting for an answer
 * need attention; accepted ones are still listed among the duplicates.
 */
export function listRows(
  entries: readonly SheetEntry[],
  filter: GridFilter,
  duplicateRows: SheetSummary['duplicateRows'],
): number[] {
  const indexes: number[] = [];
  entries.forEach((entry, index) => {
    const duplicate = duplicateRows.has(entry.line);
    const listed =
      filter === 'all' ||
      (filter === 'problems' && !entry.check.ok) ||
      (filter === 'duplicates' && duplicate) ||
      (filter === 'attention' && (!entry.check.ok || (duplicate && !entry.duplicateAccepted)));
    if (listed) indexes.push(index);
  });
  return indexes;
}

/**
 * The tallest list of cards that browsers lay out reliably: Firefox stops at about 17.9 million
 * pixels and Chrome at 33.5, and 50,000 cards of 7 fields are 35 million.
 */
export const CARDS_MAX_PX = 15_000_000;

/**
 * How many of the listed rows the grid draws: every one in a table, but only as many cards (of
 * `cardHeight` pixels) as browsers can lay out; the page says so when that is fewer.
 */
export function rowsDrawn(listed: number, cardHeight: number | null): number {
  return cardHeight === null ? listed : Math.min(listed, Math.floor(CARDS_MAX_PX / cardHeight));
}
