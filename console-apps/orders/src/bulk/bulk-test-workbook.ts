// Workbooks for the tests, written by the same library that reads them in the worker.
import { utils, write, type CellObject } from '@e965/xlsx';

/** A cell as a spreadsheet holds it: a value and the format it is shown in. */
export type TestCell = string | number | Date | null | { value: number | Date; format: string };

/** An .xlsx file of the given sheets (the first is the order), each a list of rows. */
export function testWorkbook(
  name: string,
  sheets: Record<string, readonly (readonly TestCell[])[]>,
): File {
  const book = utils.book_new();
  for (const [title, rows] of Object.entries(sheets)) {
    const sheet = utils.aoa_to_sheet(
      rows.map((cells) =>
        cells.map((cell) =>
          cell !== null && typeof cell === 'object' && !(cell instanceof Date) ? cell.value : cell,
        ),
      ),
      { cellDates: true, dateNF: 'yyyy-mm-dd' },
    );
    rows.forEach((cells, r) =>
      cells.forEach((cell, c) => {
        if (cell === null || typeof cell !== 'object' || cell instanceof Date) return;
        const target = sheet[utils.encode_cell({ r, c })] as CellObject | undefined;
        if (target) target.z = cell.format;
      }),
    );
    utils.book_append_sheet(book, sheet, title);
  }
  const bytes = write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([bytes], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
