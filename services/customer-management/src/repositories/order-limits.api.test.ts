import { customerOrderLimits, eq, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCustomer } from './customer-repository.js';
import { findCustomerWithOrderLimits, loadCustomerOrderLimits } from './order-limits.js';

const ACME = 'C-ACME0001';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase('demo');
});
afterAll(() => database?.close());

describe('findCustomerWithOrderLimits', () => {
  it('answers the row and no limits (null) for a customer without any', async () => {
    const found = await findCustomerWithOrderLimits(database.db, ACME);
    expect(found?.customer).toEqual(await findCustomer(database.db, ACME));
    expect(found?.orderLimits).toBeNull();
  });

  it('answers the limits as the separate read does, by currency, to the last minor unit', async () => {
    await database.db.insert(customerOrderLimits).values([
      // Above 2^53 minor units: a JSON number would round it.
      { customerId: ACME, currency: 'USD', maxOrderMinor: 9_007_199_254_740_993n },
      { customerId: ACME, currency: 'JPY', maxOrderMinor: 1_000_000n },
      { customerId: ACME, currency: 'BHD', maxOrderMinor: 1_250n },
    ]);
    try {
      const found = await findCustomerWithOrderLimits(database.db, ACME);
      expect(found?.orderLimits).toEqual([
        { currency: 'BHD', maxOrderValue: '1.250' },
        { currency: 'JPY', maxOrderValue: '1000000' },
        { currency: 'USD', maxOrderValue: '90071992547409.93' },
      ]);
      expect(found?.orderLimits).toEqual(await loadCustomerOrderLimits(database.db, ACME));
    } finally {
      await database.db.delete(customerOrderLimits).where(eq(customerOrderLimits.customerId, ACME));
    }
  });

  it('answers undefined for a customer that does not exist', async () => {
    expect(await findCustomerWithOrderLimits(database.db, 'C-NOSUCH00')).toBeUndefined();
  });
});
