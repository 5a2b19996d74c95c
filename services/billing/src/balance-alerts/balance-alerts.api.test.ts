import { sql, type Database, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransfers } from '../ledger/create-transfers';
import { openFloat, openProviderAccount } from '../ledger/ledger-accounts';
import { lowBalanceAlertsJob } from '../jobs/low-balance-alerts';
import type { BillingDeps, CustomerBillingProfile } from '../deps';
import { readBalanceAlerts, saveBalanceAlerts } from './balance-alerts';

/**
 * Balance notifications on a real database: thresholds saved per balance, and the
 * minute job mailing once per fall under a threshold, however often it runs, then again only
 * after the balance has been back at or above it.
 */

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
  db = handle.db;
});
afterAll(() => handle?.close());

let sequence = 0;
const newCustomer = () => `C-ALRT${String((sequence += 1)).padStart(4, '0')}`;

function profile(customerId: string): CustomerBillingProfile {
  return {
    customerId,
    name: 'Acme Rewards Ltd',
    balancesEnabled: true,
    floats: ['USD', 'GBP'],
    cardFees: false,
    fxEnabled: true,
  };
}

const sent: { to: string; subject: string }[] = [];
const deps = {
  db: undefined as unknown as Database,
  mailer: {
    async send(_tx: Database, mail: { to: string; subject: string }) {
      sent.push({ to: mail.to, subject: mail.subject });
      return { id: sent.length };
    },
  },
  // As the server's does: a read through the database handle (on PGlite, one connection, so a
  // call from inside an open transaction would never answer).
  customerProfile: async (customerId: string) => {
    await db.execute(sql`select 1`);
    return profile(customerId);
  },
  publicUrl: 'http://localhost:8080',
  productName: 'Boon',
} as unknown as BillingDeps;
const attempt = { retryCount: 0, retryLimit: 5, isLast: false };

async function runJob() {
  await lowBalanceAlertsJob.handle({}, attempt, { ...deps, db });
}

let transfer = 0;
async function move(customerId: string, direction: 'in' | 'out', amount: bigint) {
  await db.transaction(async (tx) => {
    const float = await openFloat(tx, customerId, 'USD');
    const bank = await openProviderAccount(tx, 'bank_receipts', 'USD');
    const supplier = await openProviderAccount(tx, 'supplier_payable', 'USD');
    await createTransfers(tx, [
      {
        id: `alert-test-${customerId}-${(transfer += 1)}`,
        kind: 'posted',
        debitAccountId: direction === 'in' ? bank : float,
        creditAccountId: direction === 'in' ? float : supplier,
        amount,
        currency: 'USD',
        code: direction === 'in' ? 'TOP_UP:BANK_TRANSFER' : 'ORDER_ITEM:COMPLETED',
      },
    ]);
  });
}

describe('balance notifications', () => {
  it('saves thresholds per balance and the addresses, and reads them back', async () => {
    const customerId = newCustomer();
    const actor = { customerId, userId: 'U-ALERTS01' };
    const saved = await db.transaction((tx) =>
      saveBalanceAlerts(tx, actor, profile(customerId), {
        thresholds: [{ currency: 'USD', threshold: '100.50' }],
        recipients: ['finance@acme.test', 'owner@acme.test'],
      }),
    );
    expect(saved).toMatchObject({
      thresholds: [{ currency: 'USD', threshold: '100.50', alerting: false }],
      recipients: ['finance@acme.test', 'owner@acme.test'],
    });
    // Replacing drops what is left out.
    await db.transaction((tx) =>
      saveBalanceAlerts(tx, actor, profile(customerId), {
        thresholds: [{ currency: 'GBP', threshold: '20' }],
        recipients: ['finance@acme.test'],
      }),
    );
    expect((await readBalanceAlerts(db, customerId)).thresholds).toEqual([
      { currency: 'GBP', threshold: '20.00', alerting: false },
    ]);
  });

  it.each([
    ['a balance the company does not hold', 'JPY', '100', 'currency_not_a_float'],
    ['more decimals than the currency has', 'USD', '1.001', 'validation_error'],
  ])('refuses %s', async (_what, currency, threshold, code) => {
    const customerId = newCustomer();
    await expect(
      db.transaction((tx) =>
        saveBalanceAlerts(tx, { customerId, userId: 'U-ALERTS01' }, profile(customerId), {
          thresholds: [{ currency, threshold }],
          recipients: ['finance@acme.test'],
        }),
      ),
    ).rejects.toMatchObject({ code });
  });

  it('mails each address once per fall under the threshold, however often the job runs', async () => {
    const customerId = newCustomer();
    await move(customerId, 'in', 50_000n);
    await db.transaction((tx) =>
      saveBalanceAlerts(tx, { customerId, userId: 'U-ALERTS01' }, profile(customerId), {
        thresholds: [{ currency: 'USD', threshold: '300.00' }],
        recipients: ['finance@acme.test', 'owner@acme.test'],
      }),
    );
    const mails = () => sent.filter((mail) => mail.subject.includes('USD balance is low'));
    const before = mails().length;

    await runJob();
    expect(mails()).toHaveLength(before);

    // Three orders take it under 300: one mail per address, not one per order.
    await move(customerId, 'out', 10_000n);
    await move(customerId, 'out', 15_000n);
    await Promise.all([runJob(), runJob()]);
    await move(customerId, 'out', 5_000n);
    await runJob();
    expect(mails().slice(before)).toEqual([
      { to: 'finance@acme.test', subject: "Acme Rewards Ltd's USD balance is low: $250.00 left" },
      { to: 'owner@acme.test', subject: "Acme Rewards Ltd's USD balance is low: $250.00 left" },
    ]);
    expect((await readBalanceAlerts(db, customerId)).thresholds[0]?.alerting).toBe(true);

    // Topped up above it, the alert is armed again; the next fall mails again.
    await move(customerId, 'in', 20_000n);
    await runJob();
    expect((await readBalanceAlerts(db, customerId)).thresholds[0]?.alerting).toBe(false);
    await move(customerId, 'out', 30_000n);
    await runJob();
    expect(mails().slice(before)).toHaveLength(4);
  });
});
