import { randomUUID } from 'node:crypto';
import { inArray, ledgerAccounts, ledgerTransfers, sql, type Database } from '@boon/db';
import { applyMove, moveTotals, type LedgerMove, type LedgerRefusal } from '@boon/domain';
import { AppError } from '@boon/service-kit';

type AccountRow = typeof ledgerAccounts.$inferSelect;
type TransferRow = typeof ledgerTransfers.$inferSelect;

interface TransferDetails {
  /** The caller's unique id: sending it again returns the first result, changing nothing. */
  id: string;
  /** The spec's transaction type and subtype, plus the order source where there is one. */
  code: string;
  reference?: string | null;
  userData?: Record<string, unknown> | null;
  /**
   * When the movement happened, if not now: a bank statement's value date, the demo's history.
   * Transfers of one account must still be made in time order, as its entries' order is theirs.
   */
  at?: Date;
}

interface Movement extends TransferDetails {
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
}

/** Moves money for good. */
export interface PostedTransferInput extends Movement {
  kind: 'posted';
}

/** Holds money on both accounts until a post or a void resolves it. */
export interface PendingTransferInput extends Movement {
  kind: 'pending';
  /** When the expiry job releases it if nothing resolved it first. */
  timeoutAt?: Date | null;
}

/** Completes a hold; its accounts and currency are the hold's. */
export interface PostPendingTransferInput extends TransferDetails {
  kind: 'post_pending';
  pendingId: string;
  /** At most the amount held; the whole hold when left out. */
  amount?: bigint;
}

/** Releases a hold. */
export interface VoidPendingTransferInput extends TransferDetails {
  kind: 'void_pending';
  pendingId: string;
}

/** A transfer to make. */
export type TransferInput =
  PostedTransferInput | PendingTransferInput | PostPendingTransferInput | VoidPendingTransferInput;

export interface AccountBalance {
  accountId: string;
  currency: string;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  version: bigint;
}

export interface TransfersResult {
  transfers: TransferRow[];
  /** The totals of every account the transfers touched, after them. */
  balances: AccountBalance[];
  /** True when every transfer had been made before with these details (a retry). */
  replayed: boolean;
}

const refusalErrors: Record<LedgerRefusal, ConstructorParameters<typeof AppError>[0]> = {
  amount_not_positive: 'validation_error',
  post_exceeds_hold: 'ledger_post_exceeds_hold',
  debits_exceed_credits: 'insufficient_funds',
  credits_exceed_debits: 'insufficient_funds',
};

/**
 * Makes `inputs` as one linked batch, inside the caller's transaction: all of them or none.
 * One statement (writeBatch) locks the accounts involved in id order (so concurrent batches queue
 * instead of deadlocking), checks the batch against them and writes it, so the locks are held for
 * that statement and the commit only, and two requests can never both spend the same money. The
 * domain's applyMove stays the judge: it runs on the totals the statement locked, and a refusal is
 * the AppError it gives (from the catalogue; the caller's transaction then rolls back). A retry
 * racing its original sees the original. Every account touched gets an entry with its new totals.
 */
export async function createTransfers(
  tx: Database,
  inputs: readonly TransferInput[],
): Promise<TransfersResult> {
  if (inputs.length === 0) throw new AppError('validation_error');
  const ids = inputs.map((input) => input.id);
  if (new Set(ids).size !== ids.length) throw new AppError('ledger_transfer_conflict');

  // The holds being resolved, for their accounts, amounts and currency.
  const pendingIds = inputs.flatMap((input) =>
    input.kind === 'post_pending' || input.kind === 'void_pending' ? [input.pendingId] : [],
  );
  const holds = new Map<string, TransferRow>();
  if (pendingIds.length > 0) {
    const rows = await tx
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.id, pendingIds));
    for (const row of rows) if (row.kind === 'pending') holds.set(row.id, row);
  }
  const planned = inputs.map((input) => plan(input, holds));
  const accountIds = [...new Set(planned.flatMap((p) => [p.debitAccountId, p.creditAccountId]))];
  const now = new Date();
  const batch = transfersOf(planned, now);

  // The common case, one posted or pending transfer, has a leaner statement of its own.
  const single = planned.length === 1 ? planned[0]! : undefined;
  const lean =
    single !== undefined &&
    (single.kind === 'posted' || single.kind === 'pending') &&
    !refusedWhateverTheTotals(single, now);
  const written = lean
    ? await writeOne(tx, batch[0]!, single)
    : await writeBatch(tx, batch, planned, accountIds, pendingIds, now);
  const locked = written.locked;
  const accounts = new Map(locked.map((row) => [row.id, row]));

  if (!written.checked) {
    // Nothing was written: the refusal as the rules give it, or the batch made before (a retry
    // is recognised even when the balances have moved on so that it would be refused now).
    try {
      if (pendingIds.length > 0 && (await resolvedAny(tx, pendingIds))) {
        throw new AppError('ledger_hold_already_resolved');
      }
      apply(planned, accounts, now);
    } catch (error) {
      const replay =
        error instanceof AppError ? await replayOf(tx, ids, planned, locked) : undefined;
      if (replay) return replay;
      throw error;
    }
    throw new Error('The ledger statement refused a batch that the ledger rules accept');
  }

  if (written.inserted.length < batch.length) {
    // Some ids were taken (found on writing): all of them by this very batch (a retry), or a
    // clash. The ones just written (without entries or totals) go again, in case the caller's
    // transaction goes on.
    if (written.inserted.length > 0) {
      await tx.delete(ledgerTransfers).where(inArray(ledgerTransfers.id, written.inserted));
      throw new AppError('ledger_transfer_conflict');
    }
    const replay = await replayOf(tx, ids, planned, locked);
    if (replay) return replay;
    // A hold resolved by another request since this statement began.
    if (pendingIds.length > 0 && (await resolvedAny(tx, pendingIds))) {
      throw new AppError('ledger_hold_already_resolved');
    }
    throw new AppError('ledger_transfer_conflict');
  }
  // Written: the rules must agree with the statement's check, or the caller's transaction must
  // not commit (this is a bug, not a refusal, so it is no AppError).
  try {
    apply(planned, accounts, now);
  } catch (error) {
    throw new Error('The ledger statement wrote a batch that the ledger rules refuse', {
      cause: error,
    });
  }
  const touched = accountIds.map((id) => accounts.get(id)!);
  return { transfers: batch, balances: balancesOf(touched), replayed: false };
}

/**
 * Makes several independent batches (`groups`, each linked in itself) in one statement, as if one
 * after the other: the TransferBatcher's fast path. Answers each group's result, or undefined,
 * having written nothing, when any group would be refused or clash (or a group is empty, or an id
 * is in two groups); the caller then makes the groups one by one, each refused on its own.
 */
async function createTransferGroups(
  tx: Database,
  groups: readonly (readonly TransferInput[])[],
): Promise<TransfersResult[] | undefined> {
  const ids = groups.flat().map((input) => input.id);
  if (groups.some((group) => group.length === 0) || new Set(ids).size !== ids.length) {
    return undefined;
  }
  const pendingIds = groups
    .flat()
    .flatMap((input) =>
      input.kind === 'post_pending' || input.kind === 'void_pending' ? [input.pendingId] : [],
    );
  const holds = new Map<string, TransferRow>();
  if (pendingIds.length > 0) {
    const rows = await tx
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.id, pendingIds));
    for (const row of rows) if (row.kind === 'pending') holds.set(row.id, row);
  }
  let plannedGroups: Planned[][];
  try {
    plannedGroups = groups.map((group) => group.map((input) => plan(input, holds)));
  } catch {
    return undefined;
  }
  const planned = plannedGroups.flat();
  const accountIds = [...new Set(planned.flatMap((p) => [p.debitAccountId, p.creditAccountId]))];
  const now = new Date();
  const batches = plannedGroups.map((group) => transfersOf(group, now));
  const rows = batches.flat();
  const written = await writeBatch(tx, rows, planned, accountIds, pendingIds, now);
  if (!written.checked) return undefined;
  if (written.inserted.length < rows.length) {
    if (written.inserted.length > 0) {
      await tx.delete(ledgerTransfers).where(inArray(ledgerTransfers.id, written.inserted));
    }
    return undefined;
  }
  const accounts = new Map(written.locked.map((row) => [row.id, row]));
  return plannedGroups.map((group, index) => {
    try {
      apply(group, accounts, now);
    } catch (error) {
      throw new Error('The ledger statement wrote a batch that the ledger rules refuse', {
        cause: error,
      });
    }
    const touched = [...new Set(group.flatMap((p) => [p.debitAccountId, p.creditAccountId]))];
    return {
      transfers: batches[index]!,
      balances: balancesOf(touched.map((id) => accounts.get(id)!)),
      replayed: false,
    };
  });
}

async function resolvedAny(tx: Database, pendingIds: readonly string[]): Promise<boolean> {
  const resolved = await tx
    .select({ pendingId: ledgerTransfers.pendingId })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.pendingId, pendingIds.slice()))
    .limit(1);
  return resolved.length > 0;
}

/** The batch's transfer rows, as they are written. */
function transfersOf(planned: readonly Planned[], now: Date): TransferRow[] {
  const batchId = randomUUID();
  return planned.map((p) => ({
    id: p.id,
    kind: p.kind,
    debitAccountId: p.debitAccountId,
    creditAccountId: p.creditAccountId,
    amount: p.amount,
    currency: p.currency,
    code: p.code,
    pendingId: p.pendingId,
    timeoutAt: p.timeoutAt,
    batchId,
    reference: p.reference,
    userData: p.userData,
    createdAt: p.at ?? now,
  }));
}

/**
 * The accounts' totals after the batch, in `accounts`, by the domain's rules (applyMove), in
 * batch order; a refusal is an AppError.
 */
function apply(planned: readonly Planned[], accounts: Map<string, AccountRow>, now: Date): void {
  for (const p of planned) {
    const debit = accounts.get(p.debitAccountId);
    const credit = accounts.get(p.creditAccountId);
    if (!debit || !credit) throw new AppError('ledger_account_not_found');
    const refusal = refusalBeforeTotals(p, debit, credit, now);
    if (refusal) throw new AppError(refusal);
    const result = applyMove(debit, credit, p.move);
    if (!result.ok) throw new AppError(refusalErrors[result.refusal]);
    accounts.set(debit.id, { ...result.debit, version: debit.version + 1n });
    accounts.set(credit.id, { ...result.credit, version: credit.version + 1n });
  }
}

/**
 * What refuses a transfer whatever the totals: one account on both sides (it would overwrite its
 * own debit with its credit), another currency, an expired hold.
 */
function refusalBeforeTotals(
  p: Planned,
  debit: { id: string; currency: string } | undefined,
  credit: { id: string; currency: string } | undefined,
  now: Date,
): ConstructorParameters<typeof AppError>[0] | undefined {
  if (p.debitAccountId === p.creditAccountId) return 'validation_error';
  if (debit && credit && (debit.currency !== p.currency || credit.currency !== p.currency)) {
    return 'ledger_currency_mismatch';
  }
  if (p.kind === 'post_pending' && p.holdTimeoutAt && p.holdTimeoutAt <= now) {
    return 'ledger_hold_expired';
  }
  return undefined;
}

/** Whether the rules refuse a transfer before any account's totals are looked at. */
function refusedWhateverTheTotals(p: Planned, now: Date): boolean {
  if (refusalBeforeTotals(p, undefined, undefined, now)) return true;
  // applyMove on accounts without rules refuses only what no totals could allow.
  const open = {
    debitsPosted: 0n,
    creditsPosted: 0n,
    debitsPending: 0n,
    creditsPending: 0n,
    debitsMustNotExceedCredits: false,
    creditsMustNotExceedDebits: false,
  };
  return !applyMove(open, open, p.move).ok;
}

/**
 * Checks and writes a batch in one statement, so the accounts' locks are held for one round trip
 * and the commit. It locks the accounts in id order and computes, transfer by transfer, their
 * totals after it (the sums of the moves up to it); only if none is refused (an account missing or
 * of another currency, a rule of the accounts broken — the same rules as applyMove's and the
 * table's checks —, a hold already resolved, or a refusal whatever the totals) does it write the
 * transfers (an id already there is skipped), and only if every one of them was new, their
 * entries, the customers' transactions they make and the accounts' new totals. Answers the locked
 * accounts as they were before the batch, whether it was checked, and the ids written.
 */
async function writeBatch(
  tx: Database,
  rows: readonly TransferRow[],
  planned: readonly Planned[],
  accountIds: readonly string[],
  pendingIds: readonly string[],
  now: Date,
): Promise<{ locked: AccountRow[]; checked: boolean; inserted: string[] }> {
  const text = (values: readonly (bigint | Date | null | undefined)[]) =>
    values.map((value) =>
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.toISOString()
          : value.toString(),
    );
  const moves = planned.map((p) => moveTotals(zero, zero, p.move));
  const params: unknown[] = [
    rows.map((r) => r.id),
    rows.map((r) => r.kind),
    rows.map((r) => r.debitAccountId),
    rows.map((r) => r.creditAccountId),
    text(rows.map((r) => r.amount)),
    rows.map((r) => r.currency),
    rows.map((r) => r.code),
    rows.map((r) => r.pendingId),
    text(rows.map((r) => r.timeoutAt)),
    rows.map((r) => r.batchId),
    rows.map((r) => r.reference),
    rows.map((r) => (r.userData === null ? null : JSON.stringify(r.userData))),
    text(rows.map((r) => r.createdAt)),
    text(moves.map((m) => m.debit.debitsPosted)),
    text(moves.map((m) => m.debit.debitsPending)),
    text(moves.map((m) => m.credit.creditsPosted)),
    text(moves.map((m) => m.credit.creditsPending)),
    accountIds,
    planned.some((p) => refusedWhateverTheTotals(p, now)),
    accountIds.length,
    pendingIds,
    rows.length,
  ];
  return writtenOf(await runNamed(tx, writeBatchSql, params, 'ledger_write_batch_v1'));
}

/** What writeBatch's and writeOne's statements answer: one row per locked account (or one). */
interface WrittenRow {
  ok: boolean;
  inserted: string[];
  id: string | null;
  currency: string;
  kind: string;
  customer_id: string | null;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
  debits_must_not_exceed_credits: boolean;
  credits_must_not_exceed_debits: boolean;
  version: string;
  created_at: string | Date;
}

/**
 * Runs a named statement: its text never changes (the batch is in its parameters), so each
 * connection parses it once and PostgreSQL can keep its plan instead of planning every batch,
 * which costs more than running a small one.
 */
async function runNamed(
  tx: Database,
  text: string,
  params: unknown[],
  name: string,
): Promise<WrittenRow[]> {
  const result = (await tx._.session
    .prepareQuery({ sql: text, params }, undefined, name, false)
    .execute()) as unknown as { rows: WrittenRow[] };
  return result.rows;
}

function writtenOf(rows: WrittenRow[]): {
  locked: AccountRow[];
  checked: boolean;
  inserted: string[];
} {
  const first = rows[0]!;
  const locked: AccountRow[] = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            currency: row.currency,
            kind: row.kind,
            customerId: row.customer_id,
            debitsPosted: BigInt(row.debits_posted),
            creditsPosted: BigInt(row.credits_posted),
            debitsPending: BigInt(row.debits_pending),
            creditsPending: BigInt(row.credits_pending),
            debitsMustNotExceedCredits: row.debits_must_not_exceed_credits,
            creditsMustNotExceedDebits: row.credits_must_not_exceed_debits,
            version: BigInt(row.version),
            createdAt: new Date(row.created_at),
          },
        ],
  );
  return { locked, checked: first.ok, inserted: first.inserted };
}

/** The statement writeBatch runs; $n are its parameters, in the order it gives them. */
const writeBatchSql = `
    with input as (
      select * from unnest(
        $1::text[],
        $2::text[],
        $3::text[],
        $4::text[],
        $5::bigint[],
        $6::char(3)[],
        $7::text[],
        $8::text[],
        $9::timestamptz[],
        $10::text[],
        $11::text[],
        $12::jsonb[],
        $13::timestamptz[],
        $14::bigint[],
        $15::bigint[],
        $16::bigint[],
        $17::bigint[]
      ) with ordinality as x(id, kind, debit_account_id, credit_account_id, amount, currency, code,
             pending_id, timeout_at, batch_id, reference, user_data, created_at,
             debit_posted, debit_pending, credit_posted, credit_pending, n)
    ),
    locked as materialized (
      select * from ledger_accounts
      where id = any($18::text[])
      order by id
      for update
    ),
    step as (
      select n, 1 as side_order, 'debit' as side, debit_account_id as account_id, id as transfer_id,
             currency, created_at, debit_posted as dp, 0::bigint as cp, debit_pending as dh,
             0::bigint as ch
      from input
      union all
      select n, 2, 'credit', credit_account_id, id, currency, created_at, 0, credit_posted, 0,
             credit_pending
      from input
    ),
    running as (
      -- Each account's totals right after each of its transfers, and its version then.
      select s.n, s.side_order, s.side, s.account_id, s.transfer_id, s.created_at,
             s.currency = l.currency as same_currency,
             l.debits_must_not_exceed_credits, l.credits_must_not_exceed_debits,
             l.debits_posted + (sum(s.dp) over w)::bigint as debits_posted,
             l.credits_posted + (sum(s.cp) over w)::bigint as credits_posted,
             l.debits_pending + (sum(s.dh) over w)::bigint as debits_pending,
             l.credits_pending + (sum(s.ch) over w)::bigint as credits_pending,
             l.version + row_number() over w as version
      from step s join locked l on l.id = s.account_id
      window w as (partition by s.account_id order by s.n rows unbounded preceding)
    ),
    checked as (
      select not $19::boolean
        and (select count(*) from locked) = $20::bigint
        and not exists (
          select 1 from running r
          where not r.same_currency
             or (r.debits_must_not_exceed_credits
                 and r.debits_posted + r.debits_pending > r.credits_posted)
             or (r.credits_must_not_exceed_debits
                 and r.credits_posted + r.credits_pending > r.debits_posted))
        -- Only a batch resolving holds looks them up (no scan at all for the others, whatever
        -- plan the statement keeps), through the index of the holds resolved.
        and (cardinality($21::text[]) = 0 or not exists (
          select 1 from ledger_transfers
          where pending_id = any($21::text[]) and pending_id is not null)) as ok
    ),
    t as (
      insert into ledger_transfers
        (id, kind, debit_account_id, credit_account_id, amount, currency, code, pending_id,
         timeout_at, batch_id, reference, user_data, created_at)
      select id, kind, debit_account_id, credit_account_id, amount, currency, code, pending_id,
             timeout_at, batch_id, reference, user_data, created_at
      from input
      where (select ok from checked)
      order by n
      -- An id already there, or a hold resolved since the statement began.
      on conflict do nothing
      returning id
    ),
    e as (
      insert into ledger_entries
        (account_id, transfer_id, side, debits_posted, credits_posted, debits_pending,
         credits_pending, version, created_at)
      select account_id, transfer_id, side, debits_posted, credits_posted, debits_pending,
             credits_pending, version, created_at
      from running
      where (select count(*) from t) = $22::bigint
      order by n, side_order
      returning id, account_id, transfer_id, side, debits_posted, credits_posted, created_at
    ),
    c as (
      -- The customers' transactions: each posted movement on a customer's balance.
      insert into customer_transactions
        (entry_id, customer_id, currency, created_at, transfer_id, type, subtype, order_source,
         side, amount, balance_after, reference)
      select e.id, a.customer_id, a.currency, e.created_at, e.transfer_id,
             split_part(i.code, ':', 1), nullif(split_part(i.code, ':', 2), ''),
             nullif(split_part(i.code, ':', 3), ''), e.side, i.amount,
             e.credits_posted - e.debits_posted, i.reference
      from e
      join locked a on a.id = e.account_id
      join input i on i.id = e.transfer_id
      where a.kind = 'customer_float' and i.kind in ('posted', 'post_pending')
    ),
    a as (
      update ledger_accounts set
        debits_posted = v.debits_posted,
        credits_posted = v.credits_posted,
        debits_pending = v.debits_pending,
        credits_pending = v.credits_pending,
        version = v.version
      from (
        select distinct on (account_id) * from running order by account_id, n desc
      ) as v
      where ledger_accounts.id = v.account_id and (select count(*) from t) = $22::bigint
    )
    select (select ok from checked) as ok,
           (select coalesce(array_agg(id), '{}') from t) as inserted,
           l.id, l.currency, l.kind, l.customer_id,
           l.debits_posted::text, l.credits_posted::text, l.debits_pending::text,
           l.credits_pending::text, l.debits_must_not_exceed_credits,
           l.credits_must_not_exceed_debits, l.version::text, l.created_at
    from (select 1) as one left join locked l on true`;

/**
 * writeBatch for the common case, one posted or pending transfer between two accounts that the
 * rules do not refuse whatever the totals: the same checks and writes, and the same answer, in a
 * statement that plans and runs in a fraction of the time (scalar parameters, no running sums, no
 * hold to look up), so the accounts' locks are held for less.
 */
async function writeOne(
  tx: Database,
  row: TransferRow,
  p: Planned,
): Promise<{ locked: AccountRow[]; checked: boolean; inserted: string[] }> {
  const move = moveTotals(zero, zero, p.move);
  const params: unknown[] = [
    row.id,
    row.kind,
    row.debitAccountId,
    row.creditAccountId,
    row.amount.toString(),
    row.currency,
    row.code,
    row.timeoutAt?.toISOString() ?? null,
    row.batchId,
    row.reference,
    row.userData === null ? null : JSON.stringify(row.userData),
    row.createdAt.toISOString(),
    move.debit.debitsPosted.toString(),
    move.debit.debitsPending.toString(),
    move.credit.creditsPosted.toString(),
    move.credit.creditsPending.toString(),
  ];
  return writtenOf(await runNamed(tx, writeOneSql, params, 'ledger_write_one_v1'));
}

/** The statement writeOne runs; $n are its parameters, in the order it gives them. */
const writeOneSql = `
    with locked as materialized (
      select * from ledger_accounts
      where id = $3::text or id = $4::text
      order by id
      for update
    ),
    next as (
      -- Each account's totals right after the transfer, and its version then.
      select l.id, l.kind, l.customer_id, l.currency = $6::char(3) as same_currency,
             l.debits_must_not_exceed_credits, l.credits_must_not_exceed_debits,
             case when l.id = $3::text then 'debit' else 'credit' end as side,
             l.debits_posted + case when l.id = $3::text then $13::bigint else 0 end
               as debits_posted,
             l.credits_posted + case when l.id = $3::text then 0 else $15::bigint end
               as credits_posted,
             l.debits_pending + case when l.id = $3::text then $14::bigint else 0 end
               as debits_pending,
             l.credits_pending + case when l.id = $3::text then 0 else $16::bigint end
               as credits_pending,
             l.version + 1 as version
      from locked l
    ),
    checked as (
      select count(*) = 2
        and not coalesce(bool_or(
          not n.same_currency
          or (n.debits_must_not_exceed_credits
              and n.debits_posted + n.debits_pending > n.credits_posted)
          or (n.credits_must_not_exceed_debits
              and n.credits_posted + n.credits_pending > n.debits_posted)), false) as ok
      from next n
    ),
    t as (
      insert into ledger_transfers
        (id, kind, debit_account_id, credit_account_id, amount, currency, code, pending_id,
         timeout_at, batch_id, reference, user_data, created_at)
      select $1::text, $2::text, $3::text, $4::text, $5::bigint, $6::char(3), $7::text, null,
             $8::timestamptz, $9::text, $10::text, $11::jsonb, $12::timestamptz
      where (select ok from checked)
      -- The id already there.
      on conflict do nothing
      returning id
    ),
    e as (
      insert into ledger_entries
        (account_id, transfer_id, side, debits_posted, credits_posted, debits_pending,
         credits_pending, version, created_at)
      select id, $1::text, side, debits_posted, credits_posted, debits_pending, credits_pending,
             version, $12::timestamptz
      from next
      where exists (select from t)
      order by side = 'credit'
      returning id, account_id, side, debits_posted, credits_posted
    ),
    c as (
      -- The customers' transactions: a posted movement on a customer's balance.
      insert into customer_transactions
        (entry_id, customer_id, currency, created_at, transfer_id, type, subtype, order_source,
         side, amount, balance_after, reference)
      select e.id, a.customer_id, a.currency, $12::timestamptz, $1::text,
             split_part($7::text, ':', 1), nullif(split_part($7::text, ':', 2), ''),
             nullif(split_part($7::text, ':', 3), ''), e.side, $5::bigint,
             e.credits_posted - e.debits_posted, $10::text
      from e
      join locked a on a.id = e.account_id
      where a.kind = 'customer_float' and $2::text = 'posted'
    ),
    a as (
      update ledger_accounts set
        debits_posted = n.debits_posted,
        credits_posted = n.credits_posted,
        debits_pending = n.debits_pending,
        credits_pending = n.credits_pending,
        version = n.version
      from next n
      where ledger_accounts.id = n.id and exists (select from t)
    )
    select (select ok from checked) as ok,
           (select coalesce(array_agg(id), '{}') from t) as inserted,
           l.id, l.currency, l.kind, l.customer_id,
           l.debits_posted::text, l.credits_posted::text, l.debits_pending::text,
           l.credits_pending::text, l.debits_must_not_exceed_credits,
           l.credits_must_not_exceed_debits, l.version::text, l.created_at
    from (select 1) as one left join locked l on true`;

const zero = { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };

/**
 * The batch as first made, when every one of its ids is there with the same details (a retry):
 * nothing changes and the answer is the first one's. Undefined when none of its ids is there; a
 * conflict (an id there with other details, or only some of them there) is an AppError.
 */
async function replayOf(
  tx: Database,
  ids: readonly string[],
  planned: readonly Planned[],
  locked: AccountRow[],
): Promise<TransfersResult | undefined> {
  const existing = await tx
    .select()
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.id, ids.slice()));
  if (existing.length === 0) return undefined;
  const byId = new Map(existing.map((row) => [row.id, row]));
  const same = planned.every((p) => {
    const row = byId.get(p.id);
    return row !== undefined && sameTransfer(row, p);
  });
  if (!same) throw new AppError('ledger_transfer_conflict');
  return {
    transfers: ids.map((id) => byId.get(id)!),
    balances: balancesOf(locked),
    replayed: true,
  };
}

interface Planned {
  id: string;
  kind: TransferInput['kind'];
  debitAccountId: string;
  creditAccountId: string;
  /** What the transfer row records: the amount moved or held; a void records the hold's. */
  amount: bigint;
  currency: string;
  code: string;
  pendingId: string | null;
  timeoutAt: Date | null;
  holdTimeoutAt: Date | null;
  reference: string | null;
  userData: Record<string, unknown> | null;
  at: Date | undefined;
  move: LedgerMove;
}

function plan(input: TransferInput, holds: Map<string, TransferRow>): Planned {
  const details = {
    id: input.id,
    code: input.code,
    reference: input.reference ?? null,
    userData: input.userData ?? null,
    at: input.at,
  };
  if (input.kind === 'post_pending' || input.kind === 'void_pending') {
    return planResolution(input, details, holds);
  }
  return {
    ...details,
    kind: input.kind,
    debitAccountId: input.debitAccountId,
    creditAccountId: input.creditAccountId,
    amount: input.amount,
    currency: input.currency,
    pendingId: null,
    timeoutAt: input.kind === 'pending' ? (input.timeoutAt ?? null) : null,
    holdTimeoutAt: null,
    move: { kind: input.kind, amount: input.amount },
  };
}

function planResolution(
  input: PostPendingTransferInput | VoidPendingTransferInput,
  details: Pick<Planned, 'id' | 'code' | 'reference' | 'userData' | 'at'>,
  holds: Map<string, TransferRow>,
): Planned {
  const hold = holds.get(input.pendingId);
  if (!hold) throw new AppError('ledger_hold_not_found');
  const amount = input.kind === 'post_pending' ? (input.amount ?? hold.amount) : hold.amount;
  return {
    ...details,
    kind: input.kind,
    debitAccountId: hold.debitAccountId,
    creditAccountId: hold.creditAccountId,
    amount,
    currency: hold.currency,
    pendingId: hold.id,
    timeoutAt: null,
    holdTimeoutAt: hold.timeoutAt,
    move:
      input.kind === 'post_pending'
        ? { kind: 'post_pending', amount, heldAmount: hold.amount }
        : { kind: 'void_pending', heldAmount: hold.amount },
  };
}

/** Whether a stored transfer is the one asked for again (a retry), field by field. */
function sameTransfer(row: TransferRow, p: Planned): boolean {
  return (
    row.kind === p.kind &&
    row.debitAccountId === p.debitAccountId &&
    row.creditAccountId === p.creditAccountId &&
    row.amount === p.amount &&
    row.currency.trim() === p.currency &&
    row.code === p.code &&
    row.pendingId === p.pendingId &&
    (row.timeoutAt?.getTime() ?? null) === (p.timeoutAt?.getTime() ?? null) &&
    (row.reference ?? null) === p.reference &&
    JSON.stringify(row.userData ?? null) === JSON.stringify(p.userData)
  );
}

function balancesOf(accounts: AccountRow[]): AccountBalance[] {
  return accounts.map((account) => ({
    accountId: account.id,
    currency: account.currency,
    debitsPosted: account.debitsPosted,
    creditsPosted: account.creditsPosted,
    debitsPending: account.debitsPending,
    creditsPending: account.creditsPending,
    version: account.version,
  }));
}

/** Holds whose time is up and that nothing resolved: the expiry job voids them. */
export async function expiredHolds(tx: Database, now: Date, limit = 100): Promise<string[]> {
  const result = (await tx.execute(sql`
    select t.id from ledger_transfers t
    where t.kind = 'pending' and t.timeout_at <= ${now}
      and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
    order by t.timeout_at limit ${limit}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

interface BatchedRequest {
  inputs: readonly TransferInput[];
  resolve: (result: TransfersResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Makes transfers for callers without a transaction of their own, coalescing the requests that
 * arrive while one transaction is under way into the next one, after TigerBeetle: many requests
 * then share one BEGIN, one COMMIT and its flush to disk, and a hot account's lock is taken once
 * for all of them instead of once per request. Opt-in; a caller whose transfers must commit with
 * its other writes calls createTransfers in its own transaction instead.
 *
 * Each request is still a linked batch of its own with its own answer: the requests of one
 * transaction are made one after the other, as if each had committed before the next, and a
 * refused request (an overdraw, a clash of ids) writes nothing and is refused alone. They are
 * written in one statement when none of them is refused (createTransferGroups), else one by one. Answers are
 * given only once the transaction has committed. If the transaction fails as a whole (an error
 * that is no refusal, a lost connection), nothing of it counts and each of its requests is made
 * again in a transaction of its own, so that a request fails only for its own reasons; a retry is
 * safe because a transfer id made before answers its first result.
 */
export class TransferBatcher {
  private readonly waiting: BatchedRequest[] = [];
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly maxRequests = 100,
  ) {}

  createTransfers(inputs: readonly TransferInput[]): Promise<TransfersResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ inputs, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      // The requests of this turn of the event loop go together.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length > 0) await this.run(this.waiting.splice(0, this.maxRequests));
    } finally {
      this.running = false;
    }
  }

  private async run(requests: BatchedRequest[]): Promise<void> {
    const outcomes: ({ ok: true; result: TransfersResult } | { ok: false; error: AppError })[] = [];
    try {
      await this.db.transaction(async (tx) => {
        // Usually nothing is refused: every request in one statement.
        const together =
          requests.length > 1
            ? await createTransferGroups(
                tx,
                requests.map((request) => request.inputs),
              )
            : undefined;
        if (together) {
          for (const result of together) outcomes.push({ ok: true, result });
          return;
        }
        for (const request of requests) {
          try {
            outcomes.push({ ok: true, result: await createTransfers(tx, request.inputs) });
          } catch (error) {
            // A refusal leaves nothing behind and the transaction usable; anything else ends it.
            if (!(error instanceof AppError)) throw error;
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch {
      for (const request of requests) {
        try {
          request.resolve(await this.db.transaction((tx) => createTransfers(tx, request.inputs)));
        } catch (error) {
          request.reject(error);
        }
      }
      return;
    }
    requests.forEach((request, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) request.resolve(outcome.result);
      else request.reject(outcome.error);
    });
  }
}
