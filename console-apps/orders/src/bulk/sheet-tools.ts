import { withCells, type SheetEntry } from './bulk-file';
import type { BulkDefaults, BulkFacts, RawBulkRow } from './bulk-row-check';
import { checkInWorker } from './bulk-worker-client';
import type { BulkField } from './column-mapping';

/** New cells for some rows, by spreadsheet row, before they are checked. */
export type CellChanges = Map<number, RawBulkRow>;

export interface FindReplace {
  field: BulkField;
  find: string;
  replacement: string;
  matchCase: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every occurrence of the text in the column's cells of these rows replaced; rows where the cell
 * stays as it was are left out, so the count is of cells that changed.
 */
export function replaceInColumn(
  entries: readonly SheetEntry[],
  lines: ReadonlySet<number>,
  { field, find, replacement, matchCase }: FindReplace,
): CellChanges {
  const changes: CellChanges = new Map();
  if (find === '') return changes;
  const pattern = new RegExp(escapeRegExp(find), matchCase ? 'g' : 'gi');
  for (const entry of entries) {
    if (!lines.has(entry.line)) continue;
    const cell = entry.raw[field] ?? '';
    // A function, so "$&" or "$1" in the replacement is taken as written.
    const next = cell.replace(pattern, () => replacement);
    if (next !== cell) changes.set(entry.line, { ...entry.raw, [field]: next });
  }
  return changes;
}

/** One value for the column in these rows; rows that already hold it are left out. */
export function setColumnValue(
  entries: readonly SheetEntry[],
  lines: ReadonlySet<number>,
  field: BulkField,
  value: string,
): CellChanges {
  const changes: CellChanges = new Map();
  for (const entry of entries) {
    if (lines.has(entry.line) && (entry.raw[field] ?? '') !== value) {
      changes.set(entry.line, { ...entry.raw, [field]: value });
    }
  }
  return changes;
}

/**
 * The changed rows alone checked again, in the Web Worker as the file was, so thousands of
 * replaced cells never hold up the page. Answers the checked rows by spreadsheet row.
 */
export async function checkChangedRows(
  changes: CellChanges,
  fields: readonly BulkField[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): Promise<Map<number, Pick<SheetEntry, 'raw' | 'check'>>> {
  const lines = [...changes.keys()];
  const rows = lines.map((line) => fields.map((field) => changes.get(line)?.[field] ?? ''));
  const checked = await checkInWorker(rows, fields, defaults, facts);
  return new Map(
    lines.map((line, index) => {
      const entry = checked[index];
      if (!entry) throw new Error('The check answered fewer rows than it was sent.');
      return [line, { raw: entry.raw, check: entry.check }];
    }),
  );
}

/**
 * The checked rows put into the sheet as it is now. A row changed again meanwhile (its cells are
 * no longer those the change started from) keeps its newer cells.
 */
export function applyChecked(
  entries: readonly SheetEntry[],
  started: ReadonlyMap<number, RawBulkRow>,
  checked: ReadonlyMap<number, Pick<SheetEntry, 'raw' | 'check'>>,
): SheetEntry[] {
  return entries.map((entry) => {
    const result = checked.get(entry.line);
    if (!result || started.get(entry.line) !== entry.raw) return entry;
    return withCells(entry, result.raw, result.check);
  });
}

/** The sheet without these rows (by spreadsheet row). */
export function deleteRows(
  entries: readonly SheetEntry[],
  lines: ReadonlySet<number>,
): SheetEntry[] {
  return entries.filter((entry) => !lines.has(entry.line));
}
