import { describe, expect, it } from 'vitest';
import { parseBulkCsv, parseBulkPaste } from './bulk-file';
import { testWorkbook } from './bulk-test-workbook';
import { answerBulkRequest } from './bulk-worker-tasks';
import { parseBulkXlsx } from './bulk-xlsx';
import { isWorkbook } from './spreadsheet-kind';

const bytesOf = async (file: File) => file.arrayBuffer();

describe('an Excel workbook (parseBulkXlsx)', () => {
  it('reads the first sheet, each cell as the spreadsheet shows it, skipping blank rows', async () => {
    const file = testWorkbook('november.xlsx', {
      Recipients: [
        ['Name', 'E-mail', 'Amount', 'Merchant', 'Delivery date'],
        [
          'Ada Lovelace',
          'ada@example.com',
          { value: 25, format: '0.00' },
          'COFFEE-US',
          new Date(Date.UTC(2026, 11, 1)),
        ],
        [],
        ['Alan Turing', 'alan@example.com', { value: 1250.5, format: '#,##0.00' }, 'BOOKS-US'],
        // Excel's short date (code 14) shows 12/2/26; a date with a time keeps what it shows.
        ['Grace Hopper', 'grace@example.com', 10, 'BOOKS-US', { value: 46358, format: 'm/d/yy' }],
        [
          'Edsger Dijkstra',
          'ed@example.com',
          10,
          'BOOKS-US',
          { value: 46358.5, format: 'yyyy-mm-dd hh:mm' },
        ],
      ],
      Notes: [['Not the order'], ['x']],
    });
    expect(parseBulkXlsx(await bytesOf(file))).toEqual({
      ok: true,
      headers: ['Name', 'E-mail', 'Amount', 'Merchant', 'Delivery date'],
      rows: [
        ['Ada Lovelace', 'ada@example.com', '25.00', 'COFFEE-US', '2026-12-01'],
        ['Alan Turing', 'alan@example.com', '1,250.50', 'BOOKS-US', ''],
        ['Grace Hopper', 'grace@example.com', '10', 'BOOKS-US', '2026-12-02'],
        ['Edsger Dijkstra', 'ed@example.com', '10', 'BOOKS-US', '2026-12-02 12:00'],
      ],
    });
  });

  it('refuses, in words, a sheet that is empty, a header without rows, and what is no workbook', async () => {
    const empty = testWorkbook('empty.xlsx', { Sheet1: [] });
    expect(parseBulkXlsx(await bytesOf(empty))).toEqual({
      ok: false,
      message: expect.stringMatching(/^The first sheet of this workbook is empty\./),
    });
    const headerOnly = testWorkbook('header.xlsx', { Sheet1: [['Name', 'E-mail']] });
    expect(parseBulkXlsx(await bytesOf(headerOnly))).toEqual({
      ok: false,
      message:
        'The first sheet of this workbook has a header row but no recipients. Add one row per recipient.',
    });
    const notAZip = new TextEncoder().encode('Name,E-mail\nAda,ada@example.com\n');
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    for (const bytes of [notAZip, brokenZip]) {
      expect(parseBulkXlsx(bytes.buffer)).toEqual({
        ok: false,
        message: expect.stringMatching(/^We couldn't read this file as an Excel workbook/),
      });
    }
  });

  it('is told from text by its first bytes, not its name', async () => {
    const head = new Uint8Array(
      await testWorkbook('a.csv', { Sheet1: [['x']] })
        .slice(0, 4)
        .arrayBuffer(),
    );
    expect(isWorkbook(head)).toBe(true);
    expect(isWorkbook(new TextEncoder().encode('Name'))).toBe(false);
  });
});

describe('rows pasted from a spreadsheet (parseBulkPaste)', () => {
  it('reads tab-separated rows, a cell quoted for its line break, and amounts with commas', () => {
    const text = [
      'Name\tE-mail\tAmount\tMessage',
      'Ada Lovelace\tada@example.com\t1,250.00\t"Thank you,\nAda"',
      '',
      'Alan Turing\talan@example.com\t25\t',
    ].join('\r\n');
    expect(parseBulkPaste(text)).toEqual({
      ok: true,
      headers: ['Name', 'E-mail', 'Amount', 'Message'],
      rows: [
        ['Ada Lovelace', 'ada@example.com', '1,250.00', 'Thank you,\nAda'],
        ['Alan Turing', 'alan@example.com', '25', ''],
      ],
    });
  });

  it('reads CSV text when there is no tab, and says what is missing in words of a paste', () => {
    expect(parseBulkPaste('Name,E-mail\nAda,ada@example.com')).toMatchObject({
      ok: true,
      rows: [['Ada', 'ada@example.com']],
    });
    expect(parseBulkPaste('  \n')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Nothing to read in the pasted text\./),
    });
    expect(parseBulkPaste('Name\tE-mail\n')).toEqual({
      ok: false,
      message:
        'The pasted text has a header row but no recipients. Paste one row per recipient under it.',
    });
  });

  it('refuses more rows than a bulk order takes, as a file is refused', () => {
    const rows = Array.from({ length: 50_001 }, (_, n) => `R${n}\tr${n}@example.com`);
    expect(parseBulkPaste(['Name\tE-mail', ...rows].join('\n'))).toEqual({
      ok: false,
      message:
        'The pasted text has 50,001 rows; a bulk order takes at most 50,000. Paste fewer rows at a time, or choose a file.',
    });
    expect(parseBulkCsv(['Name,E-mail', ...rows].join('\n'))).toEqual({
      ok: false,
      message:
        'This file has 50,001 rows; a bulk order takes at most 50,000. Split it into several files.',
    });
  });
});

describe('the bulk worker (answerBulkRequest)', () => {
  it('reads a workbook it is handed, and answers a failure as an error under the request id', async () => {
    const file = testWorkbook('w.xlsx', { Sheet1: [['Name'], ['Ada']] });
    await expect(
      answerBulkRequest({ id: 7, task: 'parse-workbook', data: await bytesOf(file) }),
    ).resolves.toEqual({
      id: 7,
      ok: true,
      result: { ok: true, headers: ['Name'], rows: [['Ada']] },
    });
    await expect(
      answerBulkRequest({
        id: 8,
        task: 'parse',
        text: 'Name\tE-mail\nAda\tada@x.io',
        source: 'paste',
      }),
    ).resolves.toMatchObject({
      id: 8,
      ok: true,
      result: { ok: true, headers: ['Name', 'E-mail'] },
    });
    await expect(
      answerBulkRequest({
        id: 9,
        task: 'recheck',
        entries: [{ line: 2, raw: {}, check: { ok: false, errors: {} } }],
        // A broken request: the worker answers it rather than dying.
        defaults: null as never,
        facts: null as never,
      }),
    ).resolves.toMatchObject({ id: 9, ok: false, error: expect.any(String) });
  });
});
