/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, as
 * OWASP's CSV injection advice says; plain numbers ("-12.50") stay numbers. A cell with a comma,
 * a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, ending in CRLF as RFC 4180 has it. */
export function csvLine(cells: readonly (string | number | bigint | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
