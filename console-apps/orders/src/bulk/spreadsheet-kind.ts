/** "PK\x03\x04": a ZIP archive, which an .xlsx file is. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The compound file an older .xls, or a workbook locked with a password, is. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

/**
 * Whether a file's first bytes are a workbook's, whatever its name says: a CSV saved as
 * "orders.xlsx" is still read as text, and a workbook named ".csv" as a workbook.
 */
export function isWorkbook(head: Uint8Array): boolean {
  return startsWith(head, ZIP) || startsWith(head, COMPOUND_FILE);
}

/** The bytes isWorkbook needs. */
export const WORKBOOK_HEAD_BYTES = 4;
