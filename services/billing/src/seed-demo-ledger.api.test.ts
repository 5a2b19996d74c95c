import type { DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { floatBalance } from '@boon/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { floatsOf } from './ledger/ledger-accounts';
import { verifyLedger } from './ledger/verify-ledger';
import { monthlyAmounts, seedDemoLedger } from './seed-demo-ledger';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
});
afterAll(() => handle?.close());

it("writes decisions.md's demo balances through the ledger, once, with a year of history", async () => {
  const now = new Date(Date.UTC(2026, 10, 24));
  expect(await seedDemoLedger(handle.db, now)).toBe(true);
  expect(await seedDemoLedger(handle.db, now)).toBe(false);

  const balances = async (customerId: string) =>
    Object.fromEntries(
      (await floatsOf(handle.db, customerId)).map((row) => [
        row.currency.trim(),
        floatBalance(row).available,
      ]),
    );
  expect(await balances('C-ACME0001')).toEqual({ EUR: 800_000n, GBP: 1_000_000n, USD: 2_500_000n });
  expect(await balances('C-GLOBEX01')).toEqual({ GBP: 200_000n, USD: 500_000n });

  const history = await handle.db.query.ledgerTransfers.findMany({
    where: (t, { eq }) => eq(t.creditAccountId, 'float:C-ACME0001:USD'),
    orderBy: (t, { asc }) => asc(t.createdAt),
  });
  expect(history).toHaveLength(12);
  expect(history[0]?.createdAt.toISOString().slice(0, 7)).toBe('2025-11');
  expect(history.at(-1)?.createdAt.toISOString().slice(0, 7)).toBe('2026-10');
  expect(new Set(history.map((t) => t.code))).toEqual(
    new Set(['TOP_UP:BANK_TRANSFER', 'TOP_UP:CARD_PAYMENT']),
  );
  expect((await verifyLedger(handle.db)).flatMap((check) => check.mismatches)).toEqual([]);
});

it.each([
  [2_500_000n, 12],
  [200_000n, 3],
  [1_000_099n, 12],
])('splits %s into %s monthly amounts that add up exactly', (total, months) => {
  const amounts = monthlyAmounts(total, months);
  expect(amounts).toHaveLength(months);
  expect(amounts.reduce((a, b) => a + b, 0n)).toBe(total);
  expect(amounts.every((amount) => amount > 0n)).toBe(true);
});
