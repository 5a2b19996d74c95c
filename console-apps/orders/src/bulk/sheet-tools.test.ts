import type { ProductSummary } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { checkBulkFile, editSheet, summariseSheet, type SheetEntry } from './bulk-file';
import type { BulkField } from './column-mapping';
import { acceptDuplicates, duplicateWarning } from './duplicate-recipients';
import { listRows, rowsDrawn } from './grid-filter';
import {
  applyChecked,
  checkChangedRows,
  deleteRows,
  replaceInColumn,
  setColumnValue,
} from './sheet-tools';

const coffee: ProductSummary = {
  productCode: 'COFFEE-US',
  name: 'Coffee House',
  logoUrl: '/logos/coffee-us.svg',
  categories: ['food_and_drink'],
  countries: ['US'],
  currency: 'USD',
  denominations: { type: 'fixed', values: ['10.00', '25.00', '50.00'] },
  discountPercent: '3',
  redeemable: { online: true, inStore: true },
  state: 'LIVE',
};
const facts = {
  products: new Map([['COFFEE-US', coffee]]),
  balances: ['USD'],
  fx: false,
  timeZone: 'Europe/London',
};
const defaults = { message: { header: 'Thank you!', body: 'For taking part.', colour: '#1d4ed8' } };
const fields: BulkField[] = ['name', 'email', 'faceValue', 'productCode'];

function sheet(rows: string[][]): SheetEntry[] {
  return checkBulkFile(rows, fields, defaults, facts);
}

const lines = (entries: readonly SheetEntry[]) => new Set(entries.map((entry) => entry.line));

describe('find and replace in a column', () => {
  const entries = sheet([
    ['Ada', 'ada@example.com', '25', 'COFFE-US'],
    ['Alan', 'alan@example.com', '25', 'coffe-us'],
    ['Grace', 'grace@example.com', '25', 'COFFEE-US'],
  ]);

  it('changes every cell holding the text, ignoring case unless asked, and counts only those', () => {
    const change = { field: 'productCode' as const, find: 'COFFE-', replacement: 'COFFEE-' };
    const changes = replaceInColumn(entries, lines(entries), { ...change, matchCase: false });
    expect([...changes].map(([line, raw]) => [line, raw.productCode])).toEqual([
      [2, 'COFFEE-US'],
      [3, 'COFFEE-us'],
    ]);
    // The rest of the row is as it was.
    expect(changes.get(2)).toEqual({ ...entries[0]!.raw, productCode: 'COFFEE-US' });
    const cased = replaceInColumn(entries, lines(entries), { ...change, matchCase: true });
    expect([...cased.keys()]).toEqual([2]);
  });

  it('reaches only the rows asked for, and takes the texts as written, not as patterns', () => {
    const change = { field: 'productCode' as const, matchCase: true };
    expect(
      replaceInColumn(entries, new Set([2, 3]), { ...change, find: 'E-', replacement: '' }).size,
    ).toBe(1);
    const literal = replaceInColumn(entries, new Set([4]), {
      ...change,
      find: 'E.',
      replacement: '$&',
    });
    expect(literal.size).toBe(0);
    const written = replaceInColumn(entries, new Set([4]), {
      ...change,
      find: 'E-',
      replacement: '$&.*',
    });
    expect(written.get(4)?.productCode).toBe('COFFE$&.*US');
  });
});

describe('one value for the selected rows', () => {
  it('sets the column in those rows only, leaving out the ones already holding it', () => {
    const entries = sheet([
      ['Ada', 'ada@example.com', '30', 'COFFEE-US'],
      ['Alan', 'alan@example.com', '25', 'COFFEE-US'],
      ['Grace', 'grace@example.com', '30', 'COFFEE-US'],
    ]);
    const changes = setColumnValue(entries, new Set([2, 3]), 'faceValue', '25');
    expect([...changes].map(([line, raw]) => [line, raw.faceValue])).toEqual([[2, '25']]);
  });
});

describe('checking the changed rows again', () => {
  it('checks only the changed rows and puts them back by row, keeping a row edited meanwhile', async () => {
    const entries = sheet([
      ['Ada', 'ada@example.com', '25', 'COFFE-US'],
      ['Alan', 'alan@example', '25', 'COFFE-US'],
      ['Grace', 'grace@example.com', '30', 'COFFEE-US'],
    ]);
    expect(summariseSheet(entries).rowsWithProblems).toBe(3);
    const changes = replaceInColumn(entries, lines(entries), {
      field: 'productCode',
      find: 'COFFE-',
      replacement: 'COFFEE-',
      matchCase: true,
    });
    const started = new Map(entries.map((entry) => [entry.line, entry.raw]));
    const checked = await checkChangedRows(changes, fields, defaults, facts);
    expect([...checked.keys()]).toEqual([2, 3]);
    // Row 3 was edited by hand while the check ran: its own edit stays.
    const edited = editSheet(entries, 1, 'email', 'alan@example.com', defaults, facts);
    const next = applyChecked(edited, started, checked);
    expect(next[0]?.check.ok).toBe(true);
    expect(next[1]?.raw).toEqual({ ...entries[1]!.raw, email: 'alan@example.com' });
    expect(next[2]).toBe(edited[2]);
    expect(summariseSheet(next).rowsWithProblems).toBe(2);
  });

  it('deletes rows by their spreadsheet row', () => {
    const entries = sheet([
      ['Ada', 'ada@example.com', '25', 'COFFEE-US'],
      ['Alan', 'alan@example.com', '25', 'COFFEE-US'],
    ]);
    expect(deleteRows(entries, new Set([2])).map((entry) => entry.line)).toEqual([3]);
  });
});

describe('duplicate recipients', () => {
  const entries = sheet([
    ['Ada', 'ada@example.com', '25', 'COFFEE-US'],
    ['Alan', 'alan@example.com', '25', 'COFFEE-US'],
    ['Ada again', 'ADA@example.com ', '25', 'COFFEE-US'],
    ['Ada, wrong merchant', 'ada@example.com', '25', 'NO-SUCH'],
    ['Nobody', 'ada@example', '25', 'COFFEE-US'],
  ]);

  it('flags every row sharing an address, whatever its case, and holds payment until accepted', () => {
    const summary = summariseSheet(deleteRows(entries, new Set([6])));
    expect(summary.duplicates).toBe(3);
    expect(summary.duplicatesToAccept).toBe(3);
    expect(summary.duplicateRows.get(2)).toEqual([4, 5]);
    expect(summary.duplicateRows.has(3)).toBe(false);
    expect(summary.ready).toBeNull();

    const fixed = deleteRows(entries, new Set([5, 6]));
    expect(summariseSheet(fixed).ready).toBeNull();
    const accepted = acceptDuplicates(fixed, new Set([2, 4]));
    const after = summariseSheet(accepted);
    expect(after.duplicatesToAccept).toBe(0);
    expect(after.ready).toHaveLength(3);
  });

  it('asks again about a row whose address changed, not about one changed elsewhere', () => {
    const accepted = acceptDuplicates(deleteRows(entries, new Set([5, 6])), new Set([2, 4]));
    const renamed = editSheet(accepted, 0, 'name', 'Ada L.', defaults, facts);
    expect(renamed[0]?.duplicateAccepted).toBe(true);
    const moved = editSheet(renamed, 2, 'email', 'alan@example.com', defaults, facts);
    expect(moved[2]?.duplicateAccepted).toBeUndefined();
    const summary = summariseSheet(moved);
    // Ada is alone now; Alan's address has a second row, which nobody accepted.
    expect(summary.duplicateRows.has(2)).toBe(false);
    expect(summary.duplicatesToAccept).toBe(2);
  });

  it('lists them among the rows to look at until accepted, and under their own filter always', () => {
    const fixed = deleteRows(entries, new Set([5, 6]));
    const accepted = acceptDuplicates(fixed, new Set([2]));
    const { duplicateRows } = summariseSheet(accepted);
    expect(listRows(accepted, 'attention', duplicateRows)).toEqual([2]);
    expect(listRows(accepted, 'duplicates', duplicateRows)).toEqual([0, 2]);
    expect(listRows(accepted, 'problems', duplicateRows)).toEqual([]);
    expect(listRows(accepted, 'all', duplicateRows)).toEqual([0, 1, 2]);
  });

  it('names the other rows at the cell', () => {
    expect(duplicateWarning([7], false)).toBe('The same address as row 7.');
    expect(duplicateWarning([7, 9], true)).toBe(
      'The same address as rows 7 and 9; accepted, each gets a reward.',
    );
    expect(duplicateWarning([3, 4, 5, 6, 7], false)).toBe(
      'The same address as rows 3, 4, 5 and 2 more.',
    );
  });
});

describe('how many listed rows the grid draws', () => {
  it.each([
    [50_000, null, 50_000],
    [10, 708, 10],
    [50_000, 444, 33_783],
    [50_000, 708, 21_186],
  ])('%i rows as %s px cards: %i drawn', (listed, cardHeight, drawn) => {
    expect(rowsDrawn(listed, cardHeight)).toBe(drawn);
  });
});
