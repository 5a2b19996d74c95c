import type { TopUp, TopUpMethod, TopUpStatus } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { and, desc, eq, lt, or, topUps, type Database } from '@boon/db';
import { AppError, decodeKeysetCursor, encodeKeysetCursor } from '@boon/service-kit';
import { bankDetailsFor } from './bank-details.js';

export type TopUpRow = typeof topUps.$inferSelect;

/** A customer's top-up, or undefined when it is not theirs (or does not exist). */
export async function findTopUp(
  db: Database,
  customerId: string,
  topUpId: string,
): Promise<TopUpRow | undefined> {
  const [row] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, topUpId), eq(topUps.customerId, customerId)))
    .limit(1);
  return row;
}

/** A top-up of any customer, locked for the caller's transaction: two receipts queue behind it. */
export async function lockTopUp(tx: Database, topUpId: string): Promise<TopUpRow | undefined> {
  const [row] = await tx.select().from(topUps).where(eq(topUps.id, topUpId)).limit(1).for('update');
  return row;
}

/**
 * The contract's shape of a stored top-up; `challengeUrl` is the processor's 3-D Secure page while
 * a card payment waits for it (the processor knows it, the row does not).
 */
export function toTopUp(row: TopUpRow, challengeUrl: string | null = null): TopUp {
  const amount = (minor: bigint) => toDecimalString(moneyFromMinor(row.currency, minor));
  return {
    topUpId: row.id,
    method: row.method as TopUp['method'],
    status: row.status as TopUp['status'],
    currency: row.currency,
    amount: amount(row.amount),
    receivedAmount: row.receivedAmount === null ? null : amount(row.receivedAmount),
    discrepancy: row.discrepancy as TopUp['discrepancy'],
    paymentReference: row.paymentReference,
    bankDetails: row.method === 'bank_transfer' ? bankDetailsFor(row.currency) : null,
    fee: amount(row.feeAmount),
    card:
      row.cardBrand !== null && row.cardLast4 !== null
        ? { brand: row.cardBrand, last4: row.cardLast4 }
        : null,
    failureReason: row.failureReason as TopUp['failureReason'],
    nextAction:
      challengeUrl !== null && row.status === 'PENDING'
        ? { type: 'challenge', url: challengeUrl }
        : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * A page of the customer's top-ups, newest first, keyset-paged on (created_at, id) so a page
 * never repeats or skips an item while new ones arrive. A cursor that is not ours is a 422.
 */
export async function listTopUps(
  db: Database,
  /** One customer's; undefined: every customer's (staff). */
  customerId: string | undefined,
  query: { status?: TopUpStatus | undefined; limit: number; cursor?: string | undefined },
  /** One method only (staff's list is of bank transfers); undefined: every method. */
  method?: TopUpMethod,
): Promise<{ rows: TopUpRow[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor, 2);
  if (query.cursor !== undefined && after === undefined) {
    throw new AppError('validation_error', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  const afterAt = after ? new Date(after[0]!) : undefined;
  if (afterAt && Number.isNaN(afterAt.getTime())) {
    throw new AppError('validation_error', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  const rows = await db
    .select()
    .from(topUps)
    .where(
      and(
        customerId === undefined ? undefined : eq(topUps.customerId, customerId),
        query.status ? eq(topUps.status, query.status) : undefined,
        method ? eq(topUps.method, method) : undefined,
        afterAt && after
          ? or(
              lt(topUps.createdAt, afterAt),
              and(eq(topUps.createdAt, afterAt), lt(topUps.id, after[1]!)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(topUps.createdAt), desc(topUps.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeysetCursor([last.createdAt.toISOString(), last.id])
        : null,
  };
}
