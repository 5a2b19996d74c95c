import type { TransactionFilters } from '@boon/contracts';
import { csvLine } from '@boon/domain';
import type { Database } from '@boon/db';
import { setImmediate } from 'node:timers/promises';
import { transactionPage, type TransactionCursor } from './transaction-repository.js';

const CHUNK = 1000;

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

/**
 * Every transaction matching the filters as CSV lines, read in keyset chunks of 1,000 so memory
 * stays flat however many there are, yielding to other requests between chunks (PGlite has one
 * connection). Cells are escaped against formula injection (csvLine).
 */
export async function* transactionsCsv(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
): AsyncGenerator<string> {
  yield csvLine(TRANSACTION_CSV_HEADER);
  let after: TransactionCursor | undefined;
  do {
    const { items, next } = await transactionPage(db, customerId, filters, after, CHUNK);
    let text = '';
    for (const t of items) {
      text += csvLine([
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
    if (text) yield text;
    after = next;
    if (after) await setImmediate();
  } while (after);
}
