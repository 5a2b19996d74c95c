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

/**
 * A CSV file's text as a header row and data rows (papaparse: quotes, commas and line breaks in
 * cells, a byte-order mark); empty lines skipped. Refuses what cannot be a bulk order.
 */
export function parseBulkCsv(text: string): ParsedFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((cell) => cell.trim() === '')) {
    return {
      ok: false,
      message: 'This file is empty. Use the template: a header row, then one row per recipient.',
    };
  }
  if (rows.length === 0) {
    return {
      ok: false,
      message: 'This file has a header row but no recipients. Add one row per recipient.',
    };
  }
  if (rows.length > BULK_ROWS_MAX) {
    return {
      ok: false,
      message: `This file has ${rows.length.toLocaleString('en-US')} rows; a bulk order takes at most ${BULK_ROWS_MAX.toLocaleString('en-US')}. Split it into several files.`,
    };
  }
  return { ok: true, headers: headers.map((cell) => cell.trim()), rows };
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

/** Every row through checkBulkRow, by the columns' mapping. */
export function checkBulkFile(
  rows: readonly string[][],
  mapping: readonly (BulkField | null)[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): SheetEntry[] {
  return rows.map((cells, index) => {
    const raw: RawBulkRow = {};
    mapping.forEach((field, column) => {
      if (field) raw[field] = cells[column] ?? '';
    });
    return { line: index + 2, raw, check: checkBulkRow(raw, defaults, facts) };
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
