import { eq, inArray, ledgerAccounts, sql, type Database } from '@boon/db';
import {
  applyMove,
  brokenRule,
  moveTotals,
  type LedgerAccountState,
  type LedgerMove,
} from '@boon/domain';
import { AppError } from '@boon/service-kit';
import {
  createTransfers,
  type PostedTransferInput,
  type TransferInput,
} from './create-transfers.js';
import { openFloat, openProviderAccount } from './ledger-accounts.js';

/**
 * A seeded random workload against the ledger, after TigerBeetle's VOPR: top-ups, spends,
 * holds, partial posts, voids, linked order-and-fee pairs, retries (same id, same details) and
 * clashes (same id, other details), run a few at a time concurrently, with crashes injected (a
 * transaction that made its transfers and then dies before committing). After every round the
 * database must equal an in-memory model that applied exactly the transfers that committed.
 * A failing seed is reported with its number, and replays the same way from it.
 */
export interface SimulationOptions {
  seed: number;
  /** Rounds of concurrent operations. */
  rounds?: number;
  /** Operations started together in a round. */
  concurrency?: number;
}

export interface SimulationResult {
  seed: number;
  committed: number;
  refused: number;
  crashed: number;
}

export class SimulationFailure extends Error {
  override name = 'SimulationFailure';
  constructor(
    readonly seed: number,
    message: string,
  ) {
    super(`seed ${seed}: ${message}`);
  }
}

/** mulberry32: small, fast and the same on every machine, so a seed replays exactly. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

type Operation = { label: string; transfers: TransferInput[]; crash: boolean };

const ALLOWED_REFUSALS = new Set([
  'insufficient_funds',
  'ledger_hold_already_resolved',
  'ledger_transfer_conflict',
  'ledger_post_exceeds_hold',
]);

export async function simulate(
  db: Database,
  options: SimulationOptions,
): Promise<SimulationResult> {
  const { seed, rounds = 6, concurrency = 3 } = options;
  const rng = random(seed);
  const run = `sim${seed}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const customers = [`${run}-a`, `${run}-b`];
  const currency = 'USD';

  const ids = await db.transaction(async (tx) => ({
    floats: await Promise.all(customers.map((c) => openFloat(tx, c, currency))),
    bank: await openProviderAccount(tx, 'bank_receipts', currency),
    supplier: await openProviderAccount(tx, 'supplier_payable', currency),
    fees: await openProviderAccount(tx, 'fee_revenue', currency),
  }));
  // The model starts from the database's totals: provider accounts are shared between seeds.
  const model = new Map<string, LedgerAccountState>();
  for (const id of [...ids.floats, ids.bank, ids.supplier, ids.fees]) {
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
    if (!row) throw new SimulationFailure(seed, `account ${id} was not opened`);
    model.set(id, row);
  }
  const holds = new Map<string, { debit: string; credit: string; amount: bigint }>();
  const resolved = new Set<string>();
  const made: TransferInput[] = [];
  let counter = 0;
  const newId = (what: string) => `${run}-${what}-${(counter += 1)}`;
  const result: SimulationResult = { seed, committed: 0, refused: 0, crashed: 0 };

  const operation = (): Operation => {
    const float = rng.pick(ids.floats);
    const amount = BigInt(rng.int(1, 50) * 100);
    const crash = rng.chance(0.1);
    const posted = (
      label: string,
      debit: string,
      credit: string,
      value: bigint,
    ): PostedTransferInput => ({
      id: newId(label),
      kind: 'posted',
      debitAccountId: debit,
      creditAccountId: credit,
      amount: value,
      currency,
      code: `SIM:${label.toUpperCase()}`,
    });
    const openHolds = [...holds.keys()].filter((id) => !resolved.has(id));
    const roll = rng.int(0, 9);
    if (roll <= 1)
      return {
        label: 'top-up',
        transfers: [posted('top-up', ids.bank, float, amount * 3n)],
        crash,
      };
    if (roll === 2)
      return { label: 'spend', transfers: [posted('spend', float, ids.supplier, amount)], crash };
    if (roll === 3) {
      return {
        label: 'order with fee',
        transfers: [
          posted('order', float, ids.supplier, amount),
          posted('fee', float, ids.fees, amount / 10n || 1n),
        ],
        crash,
      };
    }
    if (roll === 4) {
      return {
        label: 'hold',
        transfers: [{ ...posted('hold', float, ids.supplier, amount), kind: 'pending' }],
        crash,
      };
    }
    if ((roll === 5 || roll === 6) && openHolds.length > 0) {
      const pendingId = rng.pick(openHolds);
      const held = holds.get(pendingId)!;
      const part = BigInt(rng.int(1, Number(held.amount / 100n) + 1) * 100);
      return {
        label: 'post',
        transfers: [
          { id: newId('post'), kind: 'post_pending', pendingId, amount: part, code: 'SIM:POST' },
        ],
        crash,
      };
    }
    if (roll === 7 && openHolds.length > 0) {
      return {
        label: 'void',
        transfers: [
          {
            id: newId('void'),
            kind: 'void_pending',
            pendingId: rng.pick(openHolds),
            code: 'SIM:VOID',
          },
        ],
        crash,
      };
    }
    if (roll === 8 && made.length > 0) {
      return { label: 'retry', transfers: [rng.pick(made)], crash: false };
    }
    if (roll === 9 && made.length > 0) {
      const earlier = rng.pick(made);
      return {
        label: 'clash',
        transfers: [{ ...earlier, code: `${earlier.code}:OTHER` }],
        crash: false,
      };
    }
    return { label: 'refund', transfers: [posted('refund', ids.supplier, float, amount)], crash };
  };

  for (let round = 0; round < rounds; round += 1) {
    const ops = Array.from({ length: concurrency }, operation);
    const outcomes = await Promise.allSettled(
      ops.map((op) =>
        db.transaction(async (tx) => {
          const answer = await createTransfers(tx, op.transfers);
          if (op.crash) throw new Crash();
          return answer;
        }),
      ),
    );
    outcomes.forEach((outcome, index) => {
      const op = ops[index]!;
      if (outcome.status === 'rejected') {
        if (outcome.reason instanceof Crash) {
          result.crashed += 1;
          return;
        }
        const code =
          outcome.reason instanceof AppError ? outcome.reason.code : String(outcome.reason);
        if (!ALLOWED_REFUSALS.has(code)) {
          throw new SimulationFailure(seed, `round ${round}, ${op.label}: unexpected ${code}`);
        }
        result.refused += 1;
        return;
      }
      if (outcome.value.replayed) {
        if (op.label !== 'retry')
          throw new SimulationFailure(seed, `${op.label} answered as a retry`);
        return;
      }
      if (op.label === 'retry' || op.label === 'clash') {
        throw new SimulationFailure(seed, `${op.label} of a made transfer made it again`);
      }
      result.committed += 1;
      for (const transfer of op.transfers) {
        applyToModel(transfer);
        made.push(transfer);
      }
    });
    await compare(`after round ${round}`);
  }
  return result;

  function applyToModel(transfer: TransferInput) {
    let debit: string;
    let credit: string;
    let move: LedgerMove;
    if (transfer.kind === 'posted' || transfer.kind === 'pending') {
      debit = transfer.debitAccountId;
      credit = transfer.creditAccountId;
      move = { kind: transfer.kind, amount: transfer.amount };
      if (transfer.kind === 'pending')
        holds.set(transfer.id, { debit, credit, amount: transfer.amount });
    } else {
      const held = holds.get(transfer.pendingId);
      if (!held) throw new SimulationFailure(seed, `resolved unknown hold ${transfer.pendingId}`);
      if (resolved.has(transfer.pendingId)) {
        throw new SimulationFailure(seed, `hold ${transfer.pendingId} resolved twice`);
      }
      resolved.add(transfer.pendingId);
      ({ debit, credit } = held);
      move =
        transfer.kind === 'post_pending'
          ? {
              kind: 'post_pending',
              amount: transfer.amount ?? held.amount,
              heldAmount: held.amount,
            }
          : { kind: 'void_pending', heldAmount: held.amount };
    }
    const applied = applyMove(model.get(debit)!, model.get(credit)!, move);
    if (!applied.ok) {
      // Committed transfers commute for totals; a rule can only look broken mid-sequence.
      const moved = moveTotals(model.get(debit)!, model.get(credit)!, move);
      model.set(debit, moved.debit);
      model.set(credit, moved.credit);
      return;
    }
    model.set(debit, applied.debit);
    model.set(credit, applied.credit);
  }

  async function compare(when: string) {
    // One read of every account the model holds, after each round.
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [...model.keys()]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [id, expected] of model) {
      const row = byId.get(id);
      if (!row) throw new SimulationFailure(seed, `${when}: account ${id} is gone`);
      if (row.kind !== 'customer_float') continue; // provider accounts are shared by seeds
      for (const key of [
        'debitsPosted',
        'creditsPosted',
        'debitsPending',
        'creditsPending',
      ] as const) {
        if (row[key] !== expected[key]) {
          throw new SimulationFailure(
            seed,
            `${when}: ${id} ${key} is ${row[key]}, the model says ${expected[key]}`,
          );
        }
      }
      const broken = brokenRule(row);
      if (broken) throw new SimulationFailure(seed, `${when}: ${id} breaks ${broken}`);
    }
    const [{ count } = { count: '0' }] = (
      (await db.execute(
        sql`select count(*)::text as count from ledger_transfers where id like ${`${run}-%`} and kind in ('post_pending', 'void_pending')`,
      )) as unknown as { rows: { count: string }[] }
    ).rows;
    if (Number(count) !== resolved.size) {
      throw new SimulationFailure(
        seed,
        `${when}: ${count} resolutions stored, the model made ${resolved.size}`,
      );
    }
  }
}

/** The totals after a move, without its rules: the order in which committed moves sum is free. */
class Crash extends Error {
  override name = 'Crash';
}
