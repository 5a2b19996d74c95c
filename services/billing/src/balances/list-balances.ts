import type { Balances } from '@boon/contracts';
import { floatBalance, FORECAST_WINDOW_DAYS, moneyFromMinor, toDecimalString } from '@boon/domain';
import { and, gte, inArray, ledgerTransfers, notLike, sum, type Database } from '@boon/db';
import { thresholdsOf } from '../balance-alerts/balance-alerts.js';
import { floatsOf } from '../ledger/ledger-accounts.js';

/**
 * The customer's balances, one per float (decisions.md), with what each spent in the last 30
 * days for the console's forecast. Spending is what left the float for good (posted, or a hold
 * posted); exchanging into another of the customer's balances is not spending.
 */
export async function listBalances(
  db: Database,
  customerId: string,
  now = new Date(),
): Promise<Balances> {
  const floats = await floatsOf(db, customerId);
  if (floats.length === 0) return { balances: [] };
  const since = new Date(now.getTime() - FORECAST_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const spent = await db
    .select({ accountId: ledgerTransfers.debitAccountId, total: sum(ledgerTransfers.amount) })
    .from(ledgerTransfers)
    .where(
      and(
        inArray(
          ledgerTransfers.debitAccountId,
          floats.map((float) => float.id),
        ),
        inArray(ledgerTransfers.kind, ['posted', 'post_pending']),
        notLike(ledgerTransfers.code, 'CURRENCY_EXCHANGE:%'),
        gte(ledgerTransfers.createdAt, since),
      ),
    )
    .groupBy(ledgerTransfers.debitAccountId);
  const spentBy = new Map(spent.map((row) => [row.accountId, BigInt(row.total ?? '0')]));
  const thresholds = new Map(
    (await thresholdsOf(db, customerId)).map((row) => [row.currency, row.threshold]),
  );
  return {
    balances: floats.map((float) => {
      const { available, pending } = floatBalance(float);
      const decimal = (minor: bigint) => toDecimalString(moneyFromMinor(float.currency, minor));
      return {
        currency: float.currency,
        available: decimal(available),
        pending: decimal(pending),
        spentLast30Days: decimal(spentBy.get(float.id) ?? 0n),
        lowBalanceThreshold: thresholds.has(float.currency)
          ? decimal(thresholds.get(float.currency)!)
          : null,
      };
    }),
  };
}
