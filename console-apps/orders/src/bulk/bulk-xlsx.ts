// Loaded by the bulk worker only when a workbook is chosen: SheetJS is several times the size of
// the whole orders app, and a CSV never needs it.
import { read, SSF, utils, type WorkSheet } from '@e965/xlsx';
import { bulkTable, type ParsedFile } from './bulk-file';
import { isWorkbook } from './spreadsheet-kind';

const NOT_A_WORKBOOK =
  "We couldn't read this file as an Excel workbook (.xlsx). Save it again from your spreadsheet program, as .xlsx or CSV, and choose it again.";

/** A date format that shows no time of day ("m/d/yy", "d mmm yyyy"), as opposed to "h:mm" or "[h]". */
const dateOnly = (format: string) =>
  SSF.is_date(format) && !/[hs]/i.test(format.replace(/"[^"]*"|\[[^\]]*\]/g, ''));

/**
 * Dates are written as the contract reads them (2026-12-01), whatever the sheet shows
 * ("12/1/26" in one locale is the 12th of January in another); a date with a time of day keeps
 * its shown text. The serial number is formatted, not a Date, so no time zone shifts the day.
 */
function isoDates(sheet: WorkSheet) {
  for (const row of sheet['!data'] ?? []) {
    for (const cell of row ?? []) {
      if (cell?.t === 'n' && typeof cell.z === 'string' && dateOnly(cell.z)) {
        cell.w = SSF.format('yyyy-mm-dd', cell.v as number);
      }
    }
  }
}

/**
 * A workbook's first sheet as a header row and data rows, each cell as the spreadsheet shows it
 * (an amount in its format, a formula's last result; a date as yyyy-mm-dd), blank rows skipped. Refuses what
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
      // Each cell's number format, so that date cells can be told from numbers.
      cellNF: true,
    });
    const first = workbook.SheetNames[0];
    const sheet = first === undefined ? undefined : workbook.Sheets[first];
    if (sheet) isoDates(sheet);
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
