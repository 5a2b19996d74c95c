import type { Statement } from '@boon/contracts';
import { csvLine } from '@boon/domain';
import type { Database } from '@boon/db';
import { transactionCsvChunks } from '../transactions/transactions-csv.js';

/** The last day of a YYYY-MM month, as YYYY-MM-DD. */
export function lastDay(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** A statement's movements: its currency's, in its month, oldest first. */
export function statementFilters(statement: Statement) {
  return {
    currency: statement.currency,
    from: `${statement.month}-01`,
    to: lastDay(statement.month),
    sort: 'oldest' as const,
  };
}

/**
 * A statement as CSV: its opening balance, every posted movement of the month oldest first with
 * the balance after it, and its closing balance, streamed in chunks (transactionCsvChunks).
 */
export async function* statementCsv(
  db: Database,
  customerId: string,
  statement: Statement,
): AsyncGenerator<string> {
  yield csvLine([
    'Date (UTC)',
    'Transaction ID',
    'Type',
    'Subtype',
    'Order source',
    'Direction',
    'Amount',
    'Balance',
    'Reference',
  ]);
  yield csvLine([
    `${statement.month}-01`,
    '',
    'Opening balance',
    '',
    '',
    '',
    '',
    statement.openingBalance,
    '',
  ]);
  yield* transactionCsvChunks(db, customerId, statementFilters(statement), (t) => [
    t.createdAt,
    t.transactionId,
    t.type,
    t.subtype,
    t.orderSource,
    t.direction,
    t.amount,
    t.balanceAfter,
    t.reference,
  ]);
  yield csvLine([
    lastDay(statement.month),
    '',
    'Closing balance',
    '',
    '',
    '',
    '',
    statement.closingBalance,
    '',
  ]);
}
