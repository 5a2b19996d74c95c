import { BULK_ROWS_MAX, type BulkRow } from '@boon/contracts';
import Papa from 'papaparse';
import type { BulkField } from './column-mapping';
import type { RowProblem } from './bulk-template';
import {
  checkBulkRow,
  type BulkDefaults,
  type BulkFacts,
  type BulkRowErrors,
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

export interface CheckedFile {
  /** Every row, in order, as the server will take it; only when no row has a problem. */
  rows: BulkRow[];
  problems: RowProblem[];
  /** How many rows have at least one problem. */
  rowsWithProblems: number;
  /** Rows sending to an address another row sends to as well (a warning, not a refusal). */
  duplicates: number;
}

/** Every row through checkBulkRow, by the columns' mapping. */
export function checkBulkFile(
  rows: readonly string[][],
  mapping: readonly (BulkField | null)[],
  defaults: BulkDefaults,
  facts: BulkFacts,
): CheckedFile {
  const good: BulkRow[] = [];
  const problems: RowProblem[] = [];
  let rowsWithProblems = 0;
  const seen = new Set<string>();
  let duplicates = 0;
  rows.forEach((cells, index) => {
    const raw: RawBulkRow = {};
    mapping.forEach((field, column) => {
      if (field) raw[field] = cells[column] ?? '';
    });
    const check = checkBulkRow(raw, defaults, facts);
    if (check.ok) {
      good.push(check.row);
      const address = check.row.email.toLowerCase();
      if (seen.has(address)) duplicates += 1;
      seen.add(address);
      return;
    }
    rowsWithProblems += 1;
    for (const [field, message] of Object.entries(check.errors) as [
      BulkField,
      BulkRowErrors[BulkField],
    ][]) {
      if (message) problems.push({ line: index + 2, field, message });
    }
  });
  return { rows: rowsWithProblems === 0 ? good : [], problems, rowsWithProblems, duplicates };
}
