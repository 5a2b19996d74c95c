import { csvLine } from '@boon/domain';
import { bulkFieldLabels, BULK_FIELDS, type BulkField } from './column-mapping';

// What the bulk screens say about a file before and after reading it (bulk-file.ts reads it).

/** The largest file taken (spec 4.5's size limit, in its words). */
export const BULK_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The template a person fills in: the fields' headers and one example row. */
export function bulkTemplateCsv(): string {
  return (
    csvLine(BULK_FIELDS.map((field) => bulkFieldLabels[field])) +
    csvLine(['Ada Lovelace', 'ada@example.com', '25.00', 'USD', 'NORTHWIND-COFFEE-US', '', ''])
  );
}

/** A problem of one row, for the list of what to fix. */
export interface RowProblem {
  /** The spreadsheet's row number (the header is row 1, so data starts at 2). */
  line: number;
  field: BulkField;
  message: string;
}
