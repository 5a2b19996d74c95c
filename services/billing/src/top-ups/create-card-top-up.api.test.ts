import type { ProcessorPayment } from '@boon/card-processor';
import { eq, topUps, type Database, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDeps } from '../deps';
import { settleCardTopUpsJob } from '../jobs/settle-card-top-ups';
import { createCardTopUp } from './create-card-top-up';

/**
 * No card charge without its record, and no credit other than what was charged: the top-up is
 * recorded with the charge's key before the card is charged, a retry under that key finds it,
 * and the settling job finds a charge whose answer was lost.
 */
let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
  db = handle.db;
});
afterAll(() => handle?.close());

let sequence = 0;
function fixture() {
  sequence += 1;
  const customerId = `C-CARD${String(sequence).padStart(4, '0')}`;
  const charges: string[] = [];
  let crashOnCharge = false;
  let payment: ProcessorPayment | undefined;
  const deps = {
    db,
    customerProfile: async () => ({
      customerId,
      name: 'Acme Rewards Ltd',
      balancesEnabled: true,
      floats: ['GBP', 'EUR'],
      cardFees: true,
      fxEnabled: true,
    }),
    balancesTermsAccepted: async () => true,
    savedCardToken: async () => undefined,
    cardProcessor: {
      describeToken: async () => undefined,
      getPayment: async () => payment,
      findPaymentByKey: async () => payment,
      charge: async (request: { reference: string; amount: bigint; currency: string }) => {
        charges.push(request.reference);
        // The processor keeps the first charge under a key, whatever a retry asks.
        payment ??= {
          paymentId: `pay_${customerId}`,
          reference: request.reference,
          status: 'succeeded',
          currency: request.currency,
          amount: request.amount,
          declineCode: null,
          challengeUrl: null,
          card: { brand: 'Visa', last4: '4242' },
        };
        if (crashOnCharge) throw new Error('the process died before recording the payment');
        return payment;
      },
    },
  } satisfies Partial<BillingDeps>;
  const actor = { customerId, userId: 'U-CARDTEST1', email: 'owner@acme.test' };
  const call = {
    idempotencyKey: 'key-1',
    transaction: <T>(work: (tx: Database) => Promise<T>) => db.transaction(work),
  };
  const pay = (amount: string, currency = 'GBP') =>
    createCardTopUp(
      call,
      actor,
      { method: 'card', currency, amount, cardToken: 'tok_ANY000000000' },
      deps,
    );
  return {
    customerId,
    deps,
    charges,
    pay,
    crash: (on: boolean) => {
      crashOnCharge = on;
    },
  };
}

describe('createCardTopUp', () => {
  it('refuses a retry whose amount or currency is not the first attempt’s, then finishes the same one', async () => {
    const { pay, crash, charges } = fixture();
    crash(true);
    await expect(pay('10.00')).rejects.toThrow('the process died');
    crash(false);
    await expect(pay('25000.00')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(pay('10.00', 'EUR')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    const topUp = await pay('10.00');
    expect(topUp).toMatchObject({ status: 'COMPLETED', amount: '10.00', fee: '0.25' });
    // Both charges were asked for the one top-up (the processor keeps one payment per key).
    expect(new Set(charges)).toEqual(new Set([topUp.topUpId]));
  });

  it('records the attempt before charging, so the job settles a charge whose answer was lost', async () => {
    const { pay, crash, customerId, deps } = fixture();
    crash(true);
    await expect(pay('20.00')).rejects.toThrow('the process died');
    const [row] = await db.select().from(topUps).where(eq(topUps.customerId, customerId));
    expect(row).toMatchObject({ status: 'PENDING', processorPaymentId: null });
    // A minute later, as the job sees it.
    await db
      .update(topUps)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(topUps.id, row!.id));
    const attempt = { retryCount: 0, retryLimit: 5, isLast: false };
    await settleCardTopUpsJob.handle({}, attempt, deps as unknown as BillingDeps);
    await settleCardTopUpsJob.handle({}, attempt, deps as unknown as BillingDeps);
    const [settled] = await db.select().from(topUps).where(eq(topUps.id, row!.id));
    expect(settled).toMatchObject({ status: 'COMPLETED', receivedAmount: 2_000n });
  });
});
