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
