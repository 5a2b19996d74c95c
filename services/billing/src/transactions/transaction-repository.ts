import type { Transaction, TransactionFilters } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  lt,
  or,
  sql,
  type Database,
} from '@boon/db';
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
 * One page of the customer's transactions: each posted movement on one of its floats, with the
 * float's available balance right after it (its ledger entry), in the order asked, keyset-paged on
 * (created_at, entry id) so a page never repeats or skips a row while new ones arrive.
 */
export async function transactionPage(
  db: Database,
  customerId: string,
  filters: Omit<TransactionFilters, 'cursor' | 'limit'>,
  after: TransactionCursor | undefined,
  limit: number,
): Promise<{ items: Transaction[]; next: TransactionCursor | undefined }> {
  const newestFirst = filters.sort === 'newest';
  const code = ledgerTransfers.code;
  const rows = await db
    .select({
      entryId: ledgerEntries.id,
      createdAt: ledgerEntries.createdAt,
      side: ledgerEntries.side,
      debitsPosted: ledgerEntries.debitsPosted,
      creditsPosted: ledgerEntries.creditsPosted,
      debitsPending: ledgerEntries.debitsPending,
      creditsPending: ledgerEntries.creditsPending,
      transferId: ledgerTransfers.id,
      code,
      amount: ledgerTransfers.amount,
      reference: ledgerTransfers.reference,
      currency: ledgerAccounts.currency,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.customerId, customerId),
        eq(ledgerAccounts.kind, 'customer_float'),
        inArray(ledgerTransfers.kind, ['posted', 'post_pending']),
        filters.currency ? eq(ledgerAccounts.currency, filters.currency) : undefined,
        filters.from
          ? gte(ledgerEntries.createdAt, new Date(`${filters.from}T00:00:00Z`))
          : undefined,
        filters.to
          ? lt(ledgerEntries.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
          : undefined,
        filters.type
          ? or(eq(code, filters.type), sql`${code} like ${`${filters.type}:%`}`)
          : undefined,
        filters.subtype ? sql`split_part(${code}, ':', 2) = ${filters.subtype}` : undefined,
        filters.direction
          ? eq(ledgerEntries.side, filters.direction === 'CREDIT' ? 'credit' : 'debit')
          : undefined,
        filters.search
          ? or(
              sql`${ledgerTransfers.reference} ilike ${likePattern(filters.search)}`,
              sql`${ledgerTransfers.id} ilike ${likePattern(filters.search)}`,
            )
          : undefined,
        after
          ? newestFirst
            ? or(
                lt(ledgerEntries.createdAt, after[0]),
                and(eq(ledgerEntries.createdAt, after[0]), lt(ledgerEntries.id, after[1])),
              )
            : or(
                gt(ledgerEntries.createdAt, after[0]),
                and(eq(ledgerEntries.createdAt, after[0]), gt(ledgerEntries.id, after[1])),
              )
          : undefined,
      ),
    )
    .orderBy(
      ...(newestFirst
        ? [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)]
        : [asc(ledgerEntries.createdAt), asc(ledgerEntries.id)]),
    )
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const [type = row.code, subtype, orderSource] = row.code.split(':');
      const decimal = (minor: bigint) => toDecimalString(moneyFromMinor(row.currency, minor));
      return {
        transactionId: row.transferId,
        createdAt: row.createdAt.toISOString(),
        type,
        subtype: subtype ?? null,
        orderSource: orderSource ?? null,
        direction: row.side === 'credit' ? 'CREDIT' : 'DEBIT',
        currency: row.currency,
        amount: decimal(row.amount),
        // The posted balance, as a bank statement shows it: held funds are not movements.
        balanceAfter: decimal(row.creditsPosted - row.debitsPosted),
        reference: row.reference,
      };
    }),
    next: rows.length > limit && last ? [last.createdAt, last.entryId] : undefined,
  };
}
