import type { Statement } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { sql, type Database } from '@boon/db';
import { floatsOf } from '../ledger/ledger-accounts.js';

interface MonthTotals {
  month: string;
  credits: bigint;
  debits: bigint;
  count: number;
}

/** The months from `first` to `last` (YYYY-MM, both included), oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > last) break;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Rows of a raw query, on either driver. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every monthly statement of the customer: per float, each UTC month from its first
 * movement to this month, months without movements included so the balances run on unbroken.
 * Each closing balance is the opening plus the month's posted credits less its posted debits,
 * so the last one equals the float's posted balance in the ledger. Newest first.
 */
export async function monthlyStatements(
  db: Database,
  customerId: string,
  now = new Date(),
): Promise<Statement[]> {
  const thisMonth = now.toISOString().slice(0, 7);
  const statements: Statement[] = [];
  for (const float of await floatsOf(db, customerId)) {
    const totals = await rows<{ month: string; credits: string; debits: string; count: string }>(
      db,
      sql`select to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month,
                 coalesce(sum(t.amount) filter (where e.side = 'credit'), 0)::text as credits,
                 coalesce(sum(t.amount) filter (where e.side = 'debit'), 0)::text as debits,
                 count(*)::text as count
            from ledger_entries e
            join ledger_transfers t on t.id = e.transfer_id
           where e.account_id = ${float.id} and t.kind in ('posted', 'post_pending')
           group by 1 order by 1`,
    );
    if (totals.length === 0) continue;
    const byMonth = new Map<string, MonthTotals>(
      totals.map((row) => [
        row.month,
        {
          month: row.month,
          credits: BigInt(row.credits),
          debits: BigInt(row.debits),
          count: Number(row.count),
        },
      ]),
    );
    const decimal = (minor: bigint) => toDecimalString(moneyFromMinor(float.currency, minor));
    let opening = 0n;
    const last = totals.at(-1)!.month > thisMonth ? totals.at(-1)!.month : thisMonth;
    for (const month of monthsBetween(totals[0]!.month, last)) {
      const { credits, debits, count } = byMonth.get(month) ?? {
        credits: 0n,
        debits: 0n,
        count: 0,
      };
      const closing = opening + credits - debits;
      statements.push({
        statementId: `${month}-${float.currency}`,
        month,
        currency: float.currency,
        openingBalance: decimal(opening),
        credits: decimal(credits),
        debits: decimal(debits),
        closingBalance: decimal(closing),
        transactionCount: count,
      });
      opening = closing;
    }
  }
  return statements.sort((a, b) =>
    a.month === b.month ? a.currency.localeCompare(b.currency) : b.month.localeCompare(a.month),
  );
}
