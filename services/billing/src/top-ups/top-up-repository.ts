import type { TopUp } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { and, eq, topUps, type Database } from '@boon/db';
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

/** The same, locked for the caller's transaction: two receipts of one top-up queue behind it. */
export async function lockTopUp(
  tx: Database,
  customerId: string,
  topUpId: string,
): Promise<TopUpRow | undefined> {
  const [row] = await tx
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, topUpId), eq(topUps.customerId, customerId)))
    .limit(1)
    .for('update');
  return row;
}

/** The contract's shape of a stored top-up. */
export function toTopUp(row: TopUpRow): TopUp {
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
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
