// Loaded by the bulk worker only when a workbook is chosen: SheetJS is several times the size of
// the whole orders app, and a CSV never needs it.
import { read, utils } from '@e965/xlsx';
import { bulkTable, type ParsedFile } from './bulk-file';
import { isWorkbook } from './spreadsheet-kind';

const NOT_A_WORKBOOK =
  "We couldn't read this file as an Excel workbook (.xlsx). Save it again from your spreadsheet program, as .xlsx or CSV, and choose it again.";

/**
 * A workbook's first sheet as a header row and data rows, each cell as the spreadsheet shows it
 * (a date or an amount in its format, a formula's last result), blank rows skipped. Refuses what
 * cannot be a bulk order, in the same words as a CSV file's rows.
 */
export function parseBulkXlsx(data: ArrayBuffer): ParsedFile {
  const bytes = new Uint8Array(data);
  if (!isWorkbook(bytes)) return { ok: false, message: NOT_A_WORKBOOK };
  let table: string[][];
  try {
    const workbook = read(bytes, {
      type: 'array',
      dense: true,
      // Only the first sheet is read: the others may be large, and are not the order.
      sheets: 0,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
    const first = workbook.SheetNames[0];
    const sheet = first === undefined ? undefined : workbook.Sheets[first];
    table = sheet
      ? utils.sheet_to_json<string[]>(sheet, {
          header: 1,
          raw: false,
          rawNumbers: false,
          defval: '',
          blankrows: false,
        })
      : [];
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password/i.test(message)) {
      return {
        ok: false,
        message:
          'This workbook is protected with a password. Save a copy without the password, and choose that.',
      };
    }
    return { ok: false, message: NOT_A_WORKBOOK };
  }
  return bulkTable(
    table.map((cells) => cells.map((cell) => (typeof cell === 'string' ? cell : String(cell)))),
    'sheet',
  );
}
