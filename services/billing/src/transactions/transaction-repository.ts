import type { Transaction, TransactionFilters } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { and, asc, customerTransactions, desc, eq, gte, lt, sql, type Database } from '@boon/db';
import { AppError, decodeKeysetCursor, encodeKeysetCursor } from '@boon/service-kit';

/** Where a page ends: the last entry's time and id, the keys the list is ordered by. */
export type TransactionCursor = readonly [createdAt: Date, entryId: number];

export function encodeTransactionCursor([createdAt, entryId]: TransactionCursor): string {
  return encodeKeysetCursor([createdAt.toISOString(), String(entryId)]);
}

/** The cursor's keys; a cursor that is not ours is a 422 on `cursor`. */
export function decodeTransactionCursor(text: string): TransactionCursor {
  const keys = decodeKeysetCursor(text, 2);
  const at = keys ? new Date(keys[0]!) : undefined;
  const id = keys ? Number(keys[1]) : NaN;
  if (!at || Number.isNaN(at.getTime()) || !Number.isSafeInteger(id)) {
    throw new AppError('validation_error', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  return [at, id];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%` and `_` typed in a search are literal characters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the customer's transactions (the customer_transactions projection the ledger writes
 * with each transfer), in the order asked, keyset-paged on (created_at, entry id) so a page never
 * repeats or skips a row while new ones arrive. Each filter has an index that keeps that order,
 * and the keyset is a row comparison the index seeks to, so a deep page costs what the first does.
 */
export async function transactionPage(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
  after: TransactionCursor | undefined,
  limit: number,
): Promise<{ items: Transaction[]; next: TransactionCursor | undefined }> {
  const newestFirst = filters.sort === 'newest';
  const t = customerTransactions;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.customerId, customerId),
        filters.currency ? eq(t.currency, filters.currency) : undefined,
        filters.from ? gte(t.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
        filters.to
          ? lt(t.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
          : undefined,
        filters.type ? eq(t.type, filters.type) : undefined,
        filters.subtype ? eq(t.subtype, filters.subtype) : undefined,
        filters.direction
          ? eq(t.side, filters.direction === 'CREDIT' ? 'credit' : 'debit')
          : undefined,
        filters.search
          ? sql`(coalesce(${t.reference}, '') || ' ' || ${t.transferId}) ilike ${likePattern(filters.search)}`
          : undefined,
        after
          ? newestFirst
            ? sql`(${t.createdAt}, ${t.entryId}) < (${after[0]}, ${after[1]})`
            : sql`(${t.createdAt}, ${t.entryId}) > (${after[0]}, ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(
      ...(newestFirst ? [desc(t.createdAt), desc(t.entryId)] : [asc(t.createdAt), asc(t.entryId)]),
    )
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const decimal = (minor: bigint) => toDecimalString(moneyFromMinor(row.currency, minor));
      return {
        transactionId: row.transferId,
        createdAt: row.createdAt.toISOString(),
        type: row.type,
        subtype: row.subtype,
        orderSource: row.orderSource,
        direction: row.side === 'credit' ? 'CREDIT' : 'DEBIT',
        currency: row.currency,
        amount: decimal(row.amount),
        // The posted balance, as a bank statement shows it: held funds are not movements.
        balanceAfter: decimal(row.balanceAfter),
        reference: row.reference,
      };
    }),
    next: rows.length > limit && last ? [last.createdAt, last.entryId] : undefined,
  };
}
