import type { ProcessorPayment } from '@boon/card-processor';
import type { Database, DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDeps } from '../deps';
import { createCardTopUp } from './create-card-top-up';

/**
 * A card top-up never credits other than what the card was charged: the processor answers a
 * known idempotency key with its first charge, so a retry asking for another amount is refused.
 */
let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
  db = handle.db;
});
afterAll(() => handle?.close());

function depsCharging(first: Pick<ProcessorPayment, 'amount' | 'currency'>) {
  const payment: ProcessorPayment = {
    paymentId: 'pay_FIRST0000000000000000000',
    reference: 'TU-FIRSTCHRG1',
    status: 'succeeded',
    declineCode: null,
    challengeUrl: null,
    card: { brand: 'Visa', last4: '4242' },
    ...first,
  };
  return {
    customerProfile: async (customerId: string) => ({
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
      charge: async () => payment,
    },
  } satisfies Partial<BillingDeps>;
}

const actor = { customerId: 'C-CARDTEST', userId: 'U-CARDTEST1', email: 'owner@acme.test' };
const call = {
  idempotencyKey: 'key-1',
  transaction: <T>(work: (tx: Database) => Promise<T>) => db.transaction(work),
};

describe('createCardTopUp', () => {
  it('refuses a retry whose amount is not the one first charged, crediting nothing', async () => {
    // The first attempt charged 10.00 GBP and 0.25 fee, then failed before recording it.
    const deps = depsCharging({ amount: 1_025n, currency: 'GBP' });
    await expect(
      createCardTopUp(
        call,
        actor,
        { method: 'card', currency: 'GBP', amount: '25000.00', cardToken: 'tok_ANY000000000' },
        deps,
      ),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(
      createCardTopUp(
        call,
        actor,
        { method: 'card', currency: 'EUR', amount: '10.00', cardToken: 'tok_ANY000000000' },
        deps,
      ),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('records the retry that asks for what was charged', async () => {
    const deps = depsCharging({ amount: 1_025n, currency: 'GBP' });
    const topUp = await createCardTopUp(
      call,
      actor,
      { method: 'card', currency: 'GBP', amount: '10.00', cardToken: 'tok_ANY000000000' },
      deps,
    );
    expect(topUp).toMatchObject({ topUpId: 'TU-FIRSTCHRG1', status: 'COMPLETED', fee: '0.25' });
  });
});
