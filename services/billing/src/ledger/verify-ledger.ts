import { sql, type Database } from '@boon/db';

export interface LedgerCheck {
  name: string;
  /** How many rows the check looked at. */
  checked: number;
  /** What is wrong, one line per mismatch; empty when the check holds. */
  mismatches: string[];
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Recomputes the ledger from its transfers and compares: `npm run ledger:verify` prints this,
 * and the nightly job mails staff when a check fails. Reads only; safe on a live database.
 */
export async function verifyLedger(db: Database): Promise<LedgerCheck[]> {
  const checks: LedgerCheck[] = [];

  // Each transfer: one debit entry and one credit entry, on accounts of its currency.
  const transfers = await rows<{ count: string }>(
    db,
    sql`select count(*)::text as count from ledger_transfers`,
  );
  const unbalanced = await rows<{ id: string }>(
    db,
    sql`select t.id from ledger_transfers t
        left join ledger_entries e on e.transfer_id = t.id
        left join ledger_accounts a on a.id = e.account_id
        group by t.id, t.currency, t.debit_account_id, t.credit_account_id
        having count(*) filter (where e.side = 'debit' and e.account_id = t.debit_account_id and a.currency = t.currency) <> 1
            or count(*) filter (where e.side = 'credit' and e.account_id = t.credit_account_id and a.currency = t.currency) <> 1
            or count(e.id) <> 2
        limit 50`,
  );
  checks.push({
    name: 'every transfer balances: one debit and one credit, in its currency',
    checked: Number(transfers[0]?.count ?? 0),
    mismatches: unbalanced.map(
      (row) => `transfer ${row.id} does not have one debit and one credit entry`,
    ),
  });

  // Each account's totals, recomputed from the transfers that touched it.
  const recomputed = await rows<{
    id: string;
    debits_posted: string;
    credits_posted: string;
    debits_pending: string;
    credits_pending: string;
    d_posted: string;
    c_posted: string;
    d_pending: string;
    c_pending: string;
    last_version: string | null;
    version: string;
    entry_matches: boolean | null;
  }>(
    db,
    sql`with moves as (
          select t.debit_account_id as account_id, 'd' as side, t.kind, t.amount, h.amount as held
            from ledger_transfers t left join ledger_transfers h on h.id = t.pending_id
          union all
          select t.credit_account_id, 'c', t.kind, t.amount, h.amount
            from ledger_transfers t left join ledger_transfers h on h.id = t.pending_id
        ), sums as (
          select account_id,
            coalesce(sum(amount) filter (where side = 'd' and kind in ('posted', 'post_pending')), 0) as d_posted,
            coalesce(sum(amount) filter (where side = 'c' and kind in ('posted', 'post_pending')), 0) as c_posted,
            coalesce(sum(amount) filter (where side = 'd' and kind = 'pending'), 0)
              - coalesce(sum(held) filter (where side = 'd' and kind in ('post_pending', 'void_pending')), 0) as d_pending,
            coalesce(sum(amount) filter (where side = 'c' and kind = 'pending'), 0)
              - coalesce(sum(held) filter (where side = 'c' and kind in ('post_pending', 'void_pending')), 0) as c_pending
          from moves group by account_id
        ), last_entries as (
          select distinct on (account_id) account_id, version, debits_posted, credits_posted, debits_pending, credits_pending
          from ledger_entries order by account_id, version desc
        )
        select a.id, a.debits_posted::text, a.credits_posted::text, a.debits_pending::text, a.credits_pending::text,
          coalesce(s.d_posted, 0)::text as d_posted, coalesce(s.c_posted, 0)::text as c_posted,
          coalesce(s.d_pending, 0)::text as d_pending, coalesce(s.c_pending, 0)::text as c_pending,
          l.version::text as last_version, a.version::text as version,
          (l.debits_posted = a.debits_posted and l.credits_posted = a.credits_posted
            and l.debits_pending = a.debits_pending and l.credits_pending = a.credits_pending) as entry_matches
        from ledger_accounts a
        left join sums s on s.account_id = a.id
        left join last_entries l on l.account_id = a.id
        order by a.id`,
  );
  const totals: string[] = [];
  const entries: string[] = [];
  for (const row of recomputed) {
    const pairs: [string, string, string][] = [
      ['debits posted', row.debits_posted, row.d_posted],
      ['credits posted', row.credits_posted, row.c_posted],
      ['debits pending', row.debits_pending, row.d_pending],
      ['credits pending', row.credits_pending, row.c_pending],
    ];
    for (const [what, stored, summed] of pairs) {
      if (stored !== summed)
        totals.push(`${row.id}: ${what} ${stored}, its transfers sum to ${summed}`);
    }
    const untouched = row.version === '0' && row.last_version === null;
    if (!untouched && (row.last_version !== row.version || row.entry_matches !== true)) {
      entries.push(
        `${row.id}: version ${row.version}, its last entry is version ${row.last_version ?? 'none'} with other totals`,
      );
    }
  }
  checks.push({
    name: "every account's totals equal the sum of its transfers",
    checked: recomputed.length,
    mismatches: totals,
  });
  checks.push({
    name: "every account's totals equal its latest entry",
    checked: recomputed.length,
    mismatches: entries,
  });

  // Per currency, money only moves: debits equal credits, posted and held alike.
  const currencies = await rows<{
    currency: string;
    d_posted: string;
    c_posted: string;
    d_pending: string;
    c_pending: string;
  }>(
    db,
    sql`select currency, sum(debits_posted)::text as d_posted, sum(credits_posted)::text as c_posted,
          sum(debits_pending)::text as d_pending, sum(credits_pending)::text as c_pending
        from ledger_accounts group by currency order by currency`,
  );
  checks.push({
    name: 'per currency, debits equal credits',
    checked: currencies.length,
    mismatches: currencies
      .filter((row) => row.d_posted !== row.c_posted || row.d_pending !== row.c_pending)
      .map(
        (row) =>
          `${row.currency}: debits ${row.d_posted} + ${row.d_pending} held, credits ${row.c_posted} + ${row.c_pending} held`,
      ),
  });

  const floats = await rows<{ id: string; available: string }>(
    db,
    sql`select id, (credits_posted - debits_posted - debits_pending)::text as available
        from ledger_accounts where kind = 'customer_float' order by id`,
  );
  checks.push({
    name: 'no float is below zero',
    checked: floats.length,
    mismatches: floats
      .filter((row) => BigInt(row.available) < 0n)
      .map((row) => `${row.id}: available ${row.available}`),
  });

  // The customers' transactions are a projection of the ledger: one per posted movement on a
  // customer's balance, with its amount, direction and the balance after it; nothing else.
  const projected = await rows<{ count: string }>(
    db,
    sql`select count(*)::text as count from customer_transactions`,
  );
  const astray = await rows<{ entry: string; problem: string }>(
    db,
    sql`select e.id::text as entry, 'missing or different' as problem
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.kind = 'customer_float' and t.kind in ('posted', 'post_pending')
          and not exists (
            select 1 from customer_transactions c
            where c.entry_id = e.id and c.customer_id = a.customer_id and c.side = e.side
              and c.amount = t.amount and c.transfer_id = t.id
              and c.balance_after = e.credits_posted - e.debits_posted)
        union all
        select c.entry_id::text, 'no such posted movement on a customer balance'
        from customer_transactions c
        where not exists (
          select 1 from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transfers t on t.id = e.transfer_id
          where e.id = c.entry_id and a.kind = 'customer_float'
            and t.kind in ('posted', 'post_pending'))
        limit 50`,
  );
  checks.push({
    name: "the customers' transactions are exactly the posted movements on their balances",
    checked: Number(projected[0]?.count ?? 0),
    mismatches: astray.map((row) => `entry ${row.entry}: ${row.problem}`),
  });
  return checks;
}
