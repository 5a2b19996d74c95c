import type { Transaction, TransactionFilters } from '@boon/contracts';
import { csvLine } from '@boon/domain';
import type { Database } from '@boon/db';
import { setImmediate } from 'node:timers/promises';
import { transactionPage, type TransactionCursor } from './transaction-repository.js';

const CHUNK = 1000;

/**
 * The transactions matching `filters` as CSV text, a chunk of lines at a time: read in keyset
 * chunks of 1,000 so memory stays flat however many there are, yielding to other requests between
 * chunks (PGlite has one connection). Cells are escaped against formula injection (csvLine).
 */
export async function* transactionCsvChunks(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
  cells: (transaction: Transaction) => readonly (string | null)[],
): AsyncGenerator<string> {
  let after: TransactionCursor | undefined;
  do {
    const { items, next } = await transactionPage(db, customerId, filters, after, CHUNK);
    const text = items.map((transaction) => csvLine(cells(transaction))).join('');
    if (text) yield text;
    after = next;
    if (after) await setImmediate();
  } while (after);
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
