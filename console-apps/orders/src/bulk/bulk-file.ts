import { BULK_ROWS_MAX, type BulkRow } from '@boon/contracts';
import Papa from 'papaparse';
import type { BulkField } from './column-mapping';
import type { RowProblem } from './bulk-template';
import { findDuplicateRecipients } from './duplicate-recipients';
import {
  checkBulkRow,
  type BulkDefaults,
  type BulkFacts,
  type BulkRowCheck,
  type RawBulkRow,
} from './bulk-row-check';

export type ParsedFile =
  { ok: true; headers: string[]; rows: string[][] } | { ok: false; message: string };

/** Where the rows came from, for how a refusal names them. */
export type RowsSource = 'file' | 'sheet' | 'paste';

const refusals: Record<
  RowsSource,
  { empty: string; headerOnly: string; tooMany: (rows: string) => string }
> = {
  file: {
    empty: 'This file is empty. Use the template: a header row, then one row per recipient.',
    headerOnly: 'This file has a header row but no recipients. Add one row per recipient.',
    tooMany: (rows) => `This file has ${rows} rows`,
  },
  sheet: {
    empty:
      'The first sheet of this workbook is empty. Put the rows on the first sheet: a header row, then one row per recipient.',
    headerOnly:
      'The first sheet of this workbook has a header row but no recipients. Add one row per recipient.',
    tooMany: (rows) => `The first sheet of this workbook has ${rows} rows`,
  },
  paste: {
    empty:
      'Nothing to read in the pasted text. Paste a header row, then one row per recipient, as copied from a spreadsheet.',
    headerOnly:
      'The pasted text has a header row but no recipients. Paste one row per recipient under it.',
    tooMany: (rows) => `The pasted text has ${rows} rows`,
  },
};

/**
 * A header row and data rows, from any source, as a bulk order takes them: refuses what cannot
 * be one (no header, no recipients, more rows than a bulk order takes).
 */
export function bulkTable(table: readonly string[][], source: RowsSource = 'file'): ParsedFile {
  const [headers, ...rows] = table;
  const say = refusals[source];
  if (!headers || headers.every((cell) => cell.trim() === '')) {
    return { ok: false, message: say.empty };
  }
  if (rows.length === 0) return { ok: false, message: say.headerOnly };
  if (rows.length > BULK_ROWS_MAX) {
    return {
      ok: false,
      message: `${say.tooMany(rows.length.toLocaleString('en-US'))}; a bulk order takes at most ${BULK_ROWS_MAX.toLocaleString('en-US')}. ${source === 'paste' ? 'Paste fewer rows at a time, or choose a file.' : 'Split it into several files.'}`,
    };
  }
  return { ok: true, headers: headers.map((cell) => cell.trim()), rows };
}

/**
 * A CSV file's text as a header row and data rows (papaparse: quotes, commas and line breaks in
 * cells, a byte-order mark, the delimiter found); empty lines skipped. Refuses what cannot be a
 * bulk order.
 */
export function parseBulkCsv(text: string): ParsedFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return bulkTable(parsed.data);
}

/**
 * Rows pasted from a spreadsheet: tab-separated as every spreadsheet copies them (quotes around a
 * cell with a line break or tab in it), or CSV when the text has no tab at all.
 */
export function parseBulkPaste(text: string): ParsedFile {
  const clean = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(clean, {
    skipEmptyLines: 'greedy',
    delimiter: clean.includes('\t') ? '\t' : ',',
  });
  return bulkTable(parsed.data, 'paste');
}

/** One spreadsheet row: where it was, what its cells say, and what the check made of it. */
export interface SheetEntry {
  /** The spreadsheet's row number (the header is row 1, so data starts at 2). */
  line: number;
  raw: RawBulkRow;
  check: BulkRowCheck;
  /** Sent to an address another row has too, on purpose: the person accepted the warning. */
  duplicateAccepted?: boolean;
}

/** The spreadsheet row of the first data row: the header is row 1. */
export const FIRST_DATA_LINE = 2;

/**
 * Every row through checkBulkRow, by the columns' mapping. `firstLine` is the spreadsheet row of
 * `rows[0]`, for a slice of a file checked apart from the rest.
 */
export function checkBulkFile(
  rows: readonly string[][],
  mapping: readonly (BulkField | null)[],
  defaults: BulkDefaults,
  facts: BulkFacts,
  firstLine = FIRST_DATA_LINE,
): SheetEntry[] {
  return rows.map((cells, index) => {
    const raw: RawBulkRow = {};
    mapping.forEach((field, column) => {
      if (field) raw[field] = cells[column] ?? '';
    });
    return { line: firstLine + index, raw, check: checkBulkRow(raw, defaults, facts) };
  });
}

/** What the checked rows come to: problems to fix, duplicates to accept, or rows ready to send. */
export interface SheetSummary {
  /** The rows as the server will take them; null while a row has a problem or a duplicate to accept. */
  ready: BulkRow[] | null;
  problems: RowProblem[];
  rowsWithProblems: number;
  /** Rows sending to an address another row sends to as well (a warning, not a refusal). */
  duplicates: number;
  /** Of those, the ones not accepted yet. */
  duplicatesToAccept: number;
  /** By spreadsheet row: the other rows sending to its address. */
  duplicateRows: ReadonlyMap<number, readonly number[]>;
}

export function summariseSheet(entries: readonly SheetEntry[]): SheetSummary {
  const ready: BulkRow[] = [];
  const problems: RowProblem[] = [];
  let rowsWithProblems = 0;
  for (const { line, check } of entries) {
    if (check.ok) {
      ready.push(check.row);
      continue;
    }
    rowsWithProblems += 1;
    for (const [field, message] of Object.entries(check.errors) as [BulkField, string][]) {
      problems.push({ line, field, message });
    }
  }
  const duplicates = findDuplicateRecipients(entries);
  return {
    ready: rowsWithProblems === 0 && duplicates.toAccept === 0 && ready.length > 0 ? ready : null,
    problems,
    rowsWithProblems,
    duplicates: duplicates.rows,
    duplicatesToAccept: duplicates.toAccept,
    duplicateRows: duplicates.others,
  };
}

/**
 * A row with new cells and their check. Accepting a duplicate was about one address: a row sent
 * somewhere else is asked about again.
 */
export function withCells(entry: SheetEntry, raw: RawBulkRow, check: BulkRowCheck): SheetEntry {
  const sameAddress =
    (raw.email ?? '').trim().toLowerCase() === (entry.raw.email ?? '').trim().toLowerCase();
  const { duplicateAccepted, ...rest } = entry;
  return duplicateAccepted && sameAddress
    ? { ...rest, raw, check, duplicateAccepted }
    : { ...rest, raw, check };
}

/** The sheet with one cell changed, and only that row checked again. */
export function editSheet(
  entries: readonly SheetEntry[],
  index: number,
  field: BulkField,
  value: string,
  defaults: BulkDefaults,
  facts: BulkFacts,
): SheetEntry[] {
  const entry = entries[index];
  if (!entry) return [...entries];
  const raw = { ...entry.raw, [field]: value };
  const next = [...entries];
  next[index] = withCells(entry, raw, checkBulkRow(raw, defaults, facts));
  return next;
}
