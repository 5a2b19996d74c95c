import { randomUUID } from 'node:crypto';
import {
  inArray,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  sql,
  type Database,
} from '@boon/db';
import { applyMove, type LedgerMove, type LedgerRefusal } from '@boon/domain';
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
 * The accounts involved are locked in id order (so concurrent batches queue instead of
 * deadlocking) before anything is read, so two requests can never both spend the same money and a
 * retry racing its original sees the original. Every account touched gets an entry with its new
 * totals. Refusals are AppErrors from the catalogue; the caller's transaction then rolls back.
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
  const locked = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const accounts = new Map(locked.map((row) => [row.id, row]));

  // Under the locks. A retry of a batch already made is found when writing it (its ids exist), or,
  // when the balances have moved on so that it would be refused now, before the refusal is given.
  let rows: TransferRow[];
  let entries: (typeof ledgerEntries.$inferInsert)[];
  try {
    if (pendingIds.length > 0) {
      const resolved = await tx
        .select({ pendingId: ledgerTransfers.pendingId })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.pendingId, pendingIds));
      if (resolved.length > 0) throw new AppError('ledger_hold_already_resolved');
    }
    ({ rows, entries } = apply(planned, accounts, new Date()));
  } catch (error) {
    const replay = error instanceof AppError ? await replayOf(tx, ids, planned, locked) : undefined;
    if (replay) return replay;
    throw error;
  }

  const inserted = await writeBatch(
    tx,
    rows,
    entries,
    accountIds.map((id) => accounts.get(id)!),
  );
  if (inserted.length < rows.length) {
    // Some ids were taken: all of them by this very batch (a retry), or a clash. The ones just
    // written (without entries or totals) go again, in case the caller's transaction goes on.
    if (inserted.length > 0) {
      await tx.delete(ledgerTransfers).where(inArray(ledgerTransfers.id, inserted));
      throw new AppError('ledger_transfer_conflict');
    }
    const replay = await replayOf(tx, ids, planned, locked);
    if (!replay) throw new AppError('ledger_transfer_conflict');
    return replay;
  }
  const touched = accountIds.map((id) => accounts.get(id)!);
  return { transfers: rows, balances: balancesOf(touched), replayed: false };
}

/**
 * The batch's transfers and entries, and the accounts' new totals in `accounts`, by the domain's
 * rules (applyMove); a refusal is an AppError and nothing is written.
 */
function apply(planned: readonly Planned[], accounts: Map<string, AccountRow>, now: Date) {
  const batchId = randomUUID();
  const rows: TransferRow[] = [];
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  for (const p of planned) {
    const debit = accounts.get(p.debitAccountId);
    const credit = accounts.get(p.creditAccountId);
    if (!debit || !credit) throw new AppError('ledger_account_not_found');
    // One account on both sides would overwrite its own debit with its credit below.
    if (debit.id === credit.id) throw new AppError('validation_error');
    if (debit.currency !== p.currency || credit.currency !== p.currency) {
      throw new AppError('ledger_currency_mismatch');
    }
    if (p.kind === 'post_pending' && p.holdTimeoutAt && p.holdTimeoutAt <= now) {
      throw new AppError('ledger_hold_expired');
    }
    const result = applyMove(debit, credit, p.move);
    if (!result.ok) throw new AppError(refusalErrors[result.refusal]);
    const nextDebit = { ...result.debit, version: debit.version + 1n };
    const nextCredit = { ...result.credit, version: credit.version + 1n };
    accounts.set(debit.id, nextDebit);
    accounts.set(credit.id, nextCredit);
    rows.push({
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
    });
    entries.push(
      entryOf(nextDebit, p.id, 'debit', p.at ?? now),
      entryOf(nextCredit, p.id, 'credit', p.at ?? now),
    );
  }
  return { rows, entries };
}

/**
 * Writes a batch in one statement, so the accounts' locks are held for one round trip and the
 * commit: the transfers (an id already there is skipped), and only if every one of them was new,
 * their entries, the customers' transactions they make and the accounts' new totals. Answers the
 * ids of the transfers that were new.
 */
async function writeBatch(
  tx: Database,
  rows: readonly TransferRow[],
  entries: readonly (typeof ledgerEntries.$inferInsert)[],
  accounts: readonly AccountRow[],
): Promise<string[]> {
  const column = <T>(values: readonly T[]) => sql.param(values);
  const text = (values: readonly (bigint | Date | null | undefined)[]) =>
    values.map((value) =>
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value.toISOString()
          : value.toString(),
    );
  const all = rows.length;
  const result = (await tx.execute(sql`
    with input as (
      select * from unnest(
        ${column(rows.map((r) => r.id))}::text[],
        ${column(rows.map((r) => r.kind))}::text[],
        ${column(rows.map((r) => r.debitAccountId))}::text[],
        ${column(rows.map((r) => r.creditAccountId))}::text[],
        ${column(text(rows.map((r) => r.amount)))}::bigint[],
        ${column(rows.map((r) => r.currency))}::char(3)[],
        ${column(rows.map((r) => r.code))}::text[],
        ${column(rows.map((r) => r.pendingId))}::text[],
        ${column(text(rows.map((r) => r.timeoutAt)))}::timestamptz[],
        ${column(rows.map((r) => r.batchId))}::text[],
        ${column(rows.map((r) => r.reference))}::text[],
        ${column(rows.map((r) => (r.userData === null ? null : JSON.stringify(r.userData))))}::jsonb[],
        ${column(text(rows.map((r) => r.createdAt)))}::timestamptz[]
      ) as x(id, kind, debit_account_id, credit_account_id, amount, currency, code, pending_id,
             timeout_at, batch_id, reference, user_data, created_at)
    ),
    t as (
      insert into ledger_transfers
        (id, kind, debit_account_id, credit_account_id, amount, currency, code, pending_id,
         timeout_at, batch_id, reference, user_data, created_at)
      select * from input
      on conflict (id) do nothing
      returning id
    ),
    e as (
      insert into ledger_entries
        (account_id, transfer_id, side, debits_posted, credits_posted, debits_pending,
         credits_pending, version, created_at)
      select * from unnest(
        ${column(entries.map((e) => e.accountId))}::text[],
        ${column(entries.map((e) => e.transferId))}::text[],
        ${column(entries.map((e) => e.side))}::text[],
        ${column(text(entries.map((e) => e.debitsPosted)))}::bigint[],
        ${column(text(entries.map((e) => e.creditsPosted)))}::bigint[],
        ${column(text(entries.map((e) => e.debitsPending)))}::bigint[],
        ${column(text(entries.map((e) => e.creditsPending)))}::bigint[],
        ${column(text(entries.map((e) => e.version)))}::bigint[],
        ${column(text(entries.map((e) => e.createdAt)))}::timestamptz[]
      )
      where (select count(*) from t) = ${all}
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
      join ledger_accounts a on a.id = e.account_id
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
      from unnest(
        ${column(accounts.map((a) => a.id))}::text[],
        ${column(text(accounts.map((a) => a.debitsPosted)))}::bigint[],
        ${column(text(accounts.map((a) => a.creditsPosted)))}::bigint[],
        ${column(text(accounts.map((a) => a.debitsPending)))}::bigint[],
        ${column(text(accounts.map((a) => a.creditsPending)))}::bigint[],
        ${column(text(accounts.map((a) => a.version)))}::bigint[]
      ) as v(id, debits_posted, credits_posted, debits_pending, credits_pending, version)
      where ledger_accounts.id = v.id and (select count(*) from t) = ${all}
    )
    select id from t`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

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

function entryOf(
  account: AccountRow,
  transferId: string,
  side: 'debit' | 'credit',
  createdAt: Date,
): typeof ledgerEntries.$inferInsert {
  return {
    accountId: account.id,
    transferId,
    side,
    debitsPosted: account.debitsPosted,
    creditsPosted: account.creditsPosted,
    debitsPending: account.debitsPending,
    creditsPending: account.creditsPending,
    version: account.version,
    createdAt,
  };
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
