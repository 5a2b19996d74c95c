import { eq, ledgerAccounts, type Database, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { floatBalance } from '@boon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TransferBatcher,
  createTransfers,
  type PendingTransferInput,
  type PostedTransferInput,
} from './create-transfers';
import { openFloat, openProviderAccount, openProviderAccountOnce } from './ledger-accounts';
import { verifyLedger } from './verify-ledger';
import { expireHoldsJob } from '../jobs/expire-holds';
import type { BillingDeps } from '../deps';

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
  db = handle.db;
});
afterAll(() => handle?.close());

let sequence = 0;
/** A fresh customer id per test, so tests share the database without sharing balances. */
const newCustomer = () => `C-TEST${String((sequence += 1)).padStart(4, '0')}`;
const id = (label: string) => `${label}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;

async function fundedFloat(amount: bigint, currency = 'USD') {
  const customerId = newCustomer();
  const { float, bank } = await db.transaction(async (tx) => ({
    float: await openFloat(tx, customerId, currency),
    bank: await openProviderAccount(tx, 'bank_receipts', currency),
  }));
  if (amount > 0n) {
    await db.transaction((tx) =>
      createTransfers(tx, [
        {
          id: id('top-up'),
          kind: 'posted',
          debitAccountId: bank,
          creditAccountId: float,
          amount,
          currency,
          code: 'TOP_UP:BANK_TRANSFER',
        },
      ]),
    );
  }
  const supplier = await db.transaction((tx) =>
    openProviderAccount(tx, 'supplier_payable', currency),
  );
  return { customerId, float, bank, supplier };
}

async function available(accountId: string): Promise<bigint> {
  const rows = await db.query.ledgerAccounts.findFirst({
    where: (a, { eq }) => eq(a.id, accountId),
  });
  return floatBalance(rows!).available;
}

const spend = (
  from: string,
  to: string,
  amount: bigint,
  transferId = id('order'),
): PostedTransferInput => ({
  id: transferId,
  kind: 'posted',
  debitAccountId: from,
  creditAccountId: to,
  amount,
  currency: 'USD',
  code: 'ORDER:PAYMENT:CONSOLE',
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { code?: string }) => error.code,
  );

describe("the provider's accounts, opened once per process and database", () => {
  it('opens the account in each database it is asked of, and once in each', async () => {
    const other = await openTestDatabase('migrated');
    try {
      const accountsIn = (database: Database) =>
        database.query.ledgerAccounts.findMany({
          where: (a, { eq }) => eq(a.id, 'supplier_payable:SEK'),
        });
      expect(await accountsIn(db)).toEqual([]);
      expect(await openProviderAccountOnce(db, 'supplier_payable', 'SEK')).toBe(
        'supplier_payable:SEK',
      );
      expect(await accountsIn(db)).toHaveLength(1);
      // Another database (another server's, or the next test file's) gets its own.
      expect(await accountsIn(other.db)).toEqual([]);
      await openProviderAccountOnce(other.db, 'supplier_payable', 'SEK');
      expect(await accountsIn(other.db)).toHaveLength(1);
      // Asked again, it answers from memory: even a row gone behind its back is not opened again.
      await other.db.delete(ledgerAccounts).where(eq(ledgerAccounts.id, 'supplier_payable:SEK'));
      await openProviderAccountOnce(other.db, 'supplier_payable', 'SEK');
      expect(await accountsIn(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('transfers', () => {
  it('moves money and answers the new balances of both accounts', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const result = await db.transaction((tx) =>
      createTransfers(tx, [spend(float, supplier, 2_500n)]),
    );
    expect(result.replayed).toBe(false);
    const after = result.balances.find((b) => b.accountId === float)!;
    expect(after.creditsPosted - after.debitsPosted).toBe(7_500n);
    expect(await available(float)).toBe(7_500n);
  });

  it('returns the first result for the same id and details, changing nothing', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const transfer = spend(float, supplier, 1_000n);
    const first = await db.transaction((tx) => createTransfers(tx, [transfer]));
    const again = await db.transaction((tx) => createTransfers(tx, [transfer]));
    expect(again.replayed).toBe(true);
    expect(again.transfers.map((t) => t.id)).toEqual(first.transfers.map((t) => t.id));
    expect(await available(float)).toBe(9_000n);
  });

  it('refuses the same id with other details, changing nothing', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const transfer = spend(float, supplier, 1_000n);
    await db.transaction((tx) => createTransfers(tx, [transfer]));
    expect(
      await failure(db.transaction((tx) => createTransfers(tx, [{ ...transfer, amount: 1_001n }]))),
    ).toBe('ledger_transfer_conflict');
    expect(await available(float)).toBe(9_000n);
  });

  it('refuses a batch of which only some ids were made before, keeping those and writing nothing new', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const made = spend(float, supplier, 1_000n);
    await db.transaction((tx) => createTransfers(tx, [made]));
    const fresh = spend(float, supplier, 500n);
    // The caller goes on in the same transaction after the refusal: nothing of it may remain.
    await db.transaction(async (tx) => {
      expect(await failure(createTransfers(tx, [fresh, made]))).toBe('ledger_transfer_conflict');
    });
    expect(await available(float)).toBe(9_000n);
    const rows = await db.query.ledgerTransfers.findMany({
      where: (t, { inArray }) => inArray(t.id, [made.id, fresh.id]),
    });
    expect(rows.map((row) => row.id)).toEqual([made.id]);
  });

  it('recognises a retry even when the balance has since moved on so far it would be refused', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const first = spend(float, supplier, 6_000n);
    await db.transaction((tx) => createTransfers(tx, [first]));
    await db.transaction((tx) => createTransfers(tx, [spend(float, supplier, 3_000n)]));
    const again = await db.transaction((tx) => createTransfers(tx, [first]));
    expect(again.replayed).toBe(true);
    expect(await available(float)).toBe(1_000n);
  });

  it('refuses an overdraw by one minor unit, writing nothing', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    expect(
      await failure(db.transaction((tx) => createTransfers(tx, [spend(float, supplier, 10_001n)]))),
    ).toBe('insufficient_funds');
    expect(await available(float)).toBe(10_000n);
  });

  it('commits linked transfers together or not at all', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const fees = await db.transaction((tx) => openProviderAccount(tx, 'fee_revenue', 'USD'));
    // The order fits, its fee does not: neither is made.
    const linked = [
      spend(float, supplier, 9_900n),
      { ...spend(float, fees, 200n), code: 'ORDER:FEE:CONSOLE' },
    ];
    expect(await failure(db.transaction((tx) => createTransfers(tx, linked)))).toBe(
      'insufficient_funds',
    );
    expect(await available(float)).toBe(10_000n);
    const fits = [
      spend(float, supplier, 9_800n),
      { ...spend(float, fees, 200n), code: 'ORDER:FEE:CONSOLE' },
    ];
    await db.transaction((tx) => createTransfers(tx, fits));
    expect(await available(float)).toBe(0n);
  });

  it('refuses accounts of another currency', async () => {
    const { float } = await fundedFloat(10_000n);
    const gbp = await db.transaction((tx) => openProviderAccount(tx, 'supplier_payable', 'GBP'));
    expect(
      await failure(db.transaction((tx) => createTransfers(tx, [spend(float, gbp, 1n)]))),
    ).toBe('ledger_currency_mismatch');
  });
});

describe('holds (two-phase transfers)', () => {
  const hold = (
    from: string,
    to: string,
    amount: bigint,
    timeoutAt?: Date,
  ): PendingTransferInput => ({
    ...spend(from, to, amount, id('hold')),
    kind: 'pending',
    code: 'ORDER:PAYOUT_LINK_HOLD:CONSOLE',
    ...(timeoutAt ? { timeoutAt } : {}),
  });

  it('holds funds, then posts part of them and releases the rest', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const held = hold(float, supplier, 4_000n);
    await db.transaction((tx) => createTransfers(tx, [held]));
    expect(await available(float)).toBe(6_000n);
    await db.transaction((tx) =>
      createTransfers(tx, [
        {
          id: id('post'),
          kind: 'post_pending',
          pendingId: held.id,
          amount: 1_500n,
          code: 'ORDER:PAYOUT_LINK_CLAIMED:CONSOLE',
        },
      ]),
    );
    expect(await available(float)).toBe(8_500n);
  });

  it('resolves a hold exactly once: a second post or a void after it is refused', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const held = hold(float, supplier, 4_000n);
    await db.transaction((tx) => createTransfers(tx, [held]));
    await db.transaction((tx) =>
      createTransfers(tx, [
        { id: id('void'), kind: 'void_pending', pendingId: held.id, code: 'ORDER:CANCEL:CONSOLE' },
      ]),
    );
    expect(await available(float)).toBe(10_000n);
    expect(
      await failure(
        db.transaction((tx) =>
          createTransfers(tx, [
            { id: id('post'), kind: 'post_pending', pendingId: held.id, code: 'X' },
          ]),
        ),
      ),
    ).toBe('ledger_hold_already_resolved');
    expect(await available(float)).toBe(10_000n);
  });

  it('refuses to post more than was held, and to post an expired hold', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const held = hold(float, supplier, 4_000n);
    await db.transaction((tx) => createTransfers(tx, [held]));
    expect(
      await failure(
        db.transaction((tx) =>
          createTransfers(tx, [
            { id: id('post'), kind: 'post_pending', pendingId: held.id, amount: 4_001n, code: 'X' },
          ]),
        ),
      ),
    ).toBe('ledger_post_exceeds_hold');
    const expired = hold(float, supplier, 1_000n, new Date(Date.now() - 1_000));
    await db.transaction((tx) => createTransfers(tx, [expired]));
    expect(
      await failure(
        db.transaction((tx) =>
          createTransfers(tx, [
            { id: id('post'), kind: 'post_pending', pendingId: expired.id, code: 'X' },
          ]),
        ),
      ),
    ).toBe('ledger_hold_expired');
  });

  it('releases expired holds in the expiry job, once however often it runs', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const expired = hold(float, supplier, 3_000n, new Date(Date.now() - 1_000));
    const current = hold(float, supplier, 2_000n, new Date(Date.now() + 3_600_000));
    await db.transaction((tx) => createTransfers(tx, [expired, current]));
    expect(await available(float)).toBe(5_000n);
    const deps = { db } as unknown as BillingDeps;
    const attempt = { retryCount: 0, retryLimit: 5, isLast: false };
    await Promise.all([
      expireHoldsJob.handle({}, attempt, deps),
      expireHoldsJob.handle({}, attempt, deps),
    ]);
    await expireHoldsJob.handle({}, attempt, deps);
    // The expired hold is back on the balance; the current one still holds.
    expect(await available(float)).toBe(8_000n);
  });

  it('refuses a hold that is not there', async () => {
    expect(
      await failure(
        db.transaction((tx) =>
          createTransfers(tx, [
            { id: id('post'), kind: 'void_pending', pendingId: 'no-such-hold', code: 'X' },
          ]),
        ),
      ),
    ).toBe('ledger_hold_not_found');
  });
});

describe('concurrency', () => {
  it('lets exactly 10 of 50 concurrent debits through a balance that covers 10, ending at zero', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db.transaction((tx) => createTransfers(tx, [spend(float, supplier, 1_000n)])),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [(o.reason as { code?: string }).code] : [],
    );
    expect(new Set(refused)).toEqual(new Set(['insufficient_funds']));
    expect(await available(float)).toBe(0n);
  });
});

describe('TransferBatcher', () => {
  it('answers each of the requests it coalesces on its own: an overdraw or a clash fails only itself', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const batcher = new TransferBatcher(db);
    const made = spend(float, supplier, 1_000n);
    await db.transaction((tx) => createTransfers(tx, [made]));
    const requests = [
      [spend(float, supplier, 2_000n)],
      // Would overdraw after the one before it.
      [spend(float, supplier, 8_000n)],
      [spend(float, supplier, 3_000n), spend(float, supplier, 1_000n)],
      // The same id with other details.
      [{ ...made, amount: 999n }],
      // A retry of a transfer made before.
      [made],
      [spend(float, supplier, 4_000n)],
    ];
    const outcomes = await Promise.allSettled(requests.map((r) => batcher.createTransfers(r)));
    expect(
      outcomes.map((o) =>
        o.status === 'fulfilled'
          ? o.value.replayed
            ? 'replayed'
            : 'made'
          : (o.reason as { code?: string }).code,
      ),
    ).toEqual([
      'made',
      'insufficient_funds',
      'made',
      'ledger_transfer_conflict',
      'replayed',
      'insufficient_funds',
    ]);
    expect(await available(float)).toBe(3_000n);
    const third = outcomes[2]!;
    expect(third.status === 'fulfilled' && third.value.transfers).toHaveLength(2);
  });

  it('lets exactly 10 of 50 concurrent requests through a balance that covers 10', async () => {
    const { float, supplier } = await fundedFloat(10_000n);
    const batcher = new TransferBatcher(db, 7);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => batcher.createTransfers([spend(float, supplier, 1_000n)])),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(await available(float)).toBe(0n);
  });
});

describe('verifyLedger', () => {
  it('finds every check holding after the movements above', async () => {
    const checks = await verifyLedger(db);
    expect(checks.map((c) => [c.name, c.mismatches])).toEqual(checks.map((c) => [c.name, []]));
    expect(checks.every((c) => c.checked > 0)).toBe(true);
  });

  it('reports a balance changed behind the ledger’s back', async () => {
    const { float } = await fundedFloat(5_000n);
    await db.execute(
      (await import('@boon/db'))
        .sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = ${float}`,
    );
    const checks = await verifyLedger(db);
    const broken = checks.filter((c) => c.mismatches.length > 0).map((c) => c.name);
    expect(broken).toEqual([
      "every account's totals equal the sum of its transfers",
      "every account's totals equal its latest entry",
      'per currency, debits equal credits',
    ]);
  });
});
