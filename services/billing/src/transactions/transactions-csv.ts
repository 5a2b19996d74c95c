import type { Transaction, TransactionFilters } from '@boon/contracts';
import { csvLine } from '@boon/domain';
import type { Database } from '@boon/db';
import { setImmediate } from 'node:timers/promises';
import { transactionPage, type TransactionCursor } from './transaction-repository.js';

/**
 * Rows a chunk reads. A chunk's rows live while its lines are written, long enough for the
 * young generation's collections to move them to the old one, which is only swept now and then:
 * a 1,000,000-row export peaked at 152 to 182 MB above idle with chunks of 5,000, and at 106 MB
 * with 2,000, which were also faster (147,000 rows/s against 130,000 to 136,000).
 */
const CHUNK = 2000;

/**
 * The transactions matching `filters`, a page at a time: read in keyset chunks (CHUNK) so memory
 * stays flat however many there are, yielding to other requests between chunks (PGlite has one
 * connection). The CSV and PDF downloads are written from it.
 */
export async function* transactionPages(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
): AsyncGenerator<Transaction[]> {
  let after: TransactionCursor | undefined;
  do {
    const { items, next } = await transactionPage(db, customerId, filters, after, CHUNK);
    if (items.length > 0) yield items;
    after = next;
    if (after) await setImmediate();
  } while (after);
}

/**
 * The transactions matching `filters` as CSV text, a chunk of lines at a time
 * (transactionPages). Cells are escaped against formula injection (csvLine).
 */
export async function* transactionCsvChunks(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
  cells: (transaction: Transaction) => readonly (string | null)[],
): AsyncGenerator<string> {
  for await (const items of transactionPages(db, customerId, filters)) {
    yield items.map((transaction) => csvLine(cells(transaction))).join('');
  }
}

export const TRANSACTION_CSV_HEADER = [
  'Date (UTC)',
  'Transaction ID',
  'Type',
  'Subtype',
  'Order source',
  'Direction',
  'Currency',
  'Amount',
  'Balance after',
  'Reference',
];

/** Every transaction matching the filters as CSV, header first. */
export async function* transactionsCsv(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_HEADER);
  yield* transactionCsvChunks(db, customerId, filters, (t) => [
    t.createdAt,
    t.transactionId,
    t.type,
    t.subtype,
    t.orderSource,
    t.direction,
    t.currency,
    t.amount,
    t.balanceAfter,
    t.reference,
  ]);
}
