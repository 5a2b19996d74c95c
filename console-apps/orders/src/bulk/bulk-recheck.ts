import type { SheetEntry } from './bulk-file';
import { checkBulkRow, type BulkDefaults, type BulkFacts } from './bulk-row-check';

/**
 * Every row checked again as it now stands (cells edited in the grid included, deleted rows
 * staying deleted) against other defaults: the order's merchant or message changed after the
 * check.
 */
export function recheckSheet(
  entries: readonly SheetEntry[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): SheetEntry[] {
  return entries.map((entry) => ({ ...entry, check: checkBulkRow(entry.raw, defaults, facts) }));
}
