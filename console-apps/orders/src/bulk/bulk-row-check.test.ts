import type { ProductSummary } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { checkBulkRow, type RawBulkRow } from './bulk-row-check';

const product = (overrides: Partial<ProductSummary>): ProductSummary => ({
  productCode: 'COFFEE-US',
  name: 'Coffee House',
  logoUrl: '/logos/coffee-us.svg',
  categories: ['food_and_drink'],
  countries: ['US'],
  currency: 'USD',
  denominations: { type: 'fixed', values: ['10.00', '25.00', '50.00'] },
  discountPercent: '3',
  redeemable: { online: true, inStore: true },
  state: 'LIVE',
  ...overrides,
});
const facts = {
  products: new Map([
    ['COFFEE-US', product({})],
    [
      'CLOSED-US',
      product({ productCode: 'CLOSED-US', name: 'Closed Shop', state: 'TEMPORARILY_DISABLED' }),
    ],
    [
      'TEA-GB',
      product({ productCode: 'TEA-GB', name: 'Tea Room', currency: 'GBP', countries: ['GB'] }),
    ],
    [
      'CAFE-CA',
      product({ productCode: 'CAFE-CA', name: 'Café', currency: 'CAD', countries: ['CA'] }),
    ],
  ]),
  balances: ['USD', 'GBP'],
  fx: false,
  timeZone: 'Europe/London',
};
const defaults = {
  message: { header: 'Thank you!', body: 'For taking part.', colour: '#1d4ed8' },
};
const good: RawBulkRow = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  faceValue: '25',
  productCode: 'COFFEE-US',
};

describe('checkBulkRow', () => {
  it('makes a row the server takes, with the currency the merchant sells in', () => {
    expect(checkBulkRow(good, defaults, facts)).toEqual({
      ok: true,
      row: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        productCode: 'COFFEE-US',
        currency: 'USD',
        faceValue: '25',
      },
    });
  });

  it('reads amounts as spreadsheets write them, a row message and a delivery date', () => {
    const check = checkBulkRow(
      { ...good, faceValue: ' $1,0.00 ', message: 'Well done!', deliverAt: '2026-12-01' },
      defaults,
      {
        ...facts,
        products: new Map([
          [
            'COFFEE-US',
            product({ denominations: { type: 'open', min: '5', max: '500', step: '1' } }),
          ],
        ]),
      },
    );
    expect(check).toMatchObject({
      ok: true,
      row: {
        faceValue: '10.00',
        message: { header: 'Thank you!', body: 'Well done!', colour: '#1d4ed8' },
        // 09:00 in London in December is 09:00 UTC.
        deliverAt: '2026-12-01T09:00:00.000Z',
      },
    });
  });

  it("takes the order's merchant where a row names none", () => {
    const { productCode: _, ...noMerchant } = good;
    expect(
      checkBulkRow(noMerchant, { ...defaults, productCode: 'COFFEE-US' }, facts),
    ).toMatchObject({
      ok: true,
      row: { productCode: 'COFFEE-US' },
    });
  });

  it("gives rows without a message of their own the order's message, once one is chosen", () => {
    const chosen = { ...defaults, messageChosen: true };
    expect(checkBulkRow(good, chosen, facts)).toMatchObject({
      ok: true,
      row: { message: defaults.message },
    });
    expect(checkBulkRow({ ...good, message: 'Well done!' }, chosen, facts)).toMatchObject({
      ok: true,
      row: { message: { ...defaults.message, body: 'Well done!' } },
    });
    // Not chosen: the reward says the usual message, which the server adds.
    const plain = checkBulkRow(good, defaults, facts);
    expect(plain.ok && plain.row).not.toHaveProperty('message');
  });

  it.each([
    ['no name', { name: '' }, { name: 'This field is required.' }],
    ['an address that is not one', { email: 'ada@example' }, { email: expect.any(String) }],
    [
      'no merchant, with none chosen for the order',
      { productCode: ' ' },
      { productCode: 'Enter a merchant code, or choose the merchant for every row.' },
    ],
    [
      'an unknown merchant',
      { productCode: 'NO-SUCH' },
      { productCode: 'There is no merchant NO-SUCH in the network.' },
    ],
    [
      'a merchant that is closed',
      { productCode: 'CLOSED-US' },
      { productCode: expect.stringMatching(/^Closed Shop is temporarily unavailable/) },
    ],
    [
      'a value not on offer',
      { faceValue: '30' },
      { faceValue: 'Coffee House offers $10.00, $25.00 or $50.00.' },
    ],
    ['not an amount', { faceValue: 'twenty' }, { faceValue: 'Enter a value such as 25 or 25.00' }],
    [
      'another currency than the merchant sells in',
      { currency: 'GBP' },
      { currency: 'Coffee House is sold in USD, not GBP.' },
    ],
    [
      'a currency without a balance',
      { productCode: 'CAFE-CA', faceValue: '10' },
      { currency: expect.stringMatching(/^This company has no balance in that currency/) },
    ],
    [
      'a date that is not one',
      { deliverAt: '1 December' },
      { deliverAt: expect.stringMatching(/^Enter a date as 2026-12-01/) },
    ],
  ] as const)('puts %s at its field', (_what, change, errors) => {
    expect(checkBulkRow({ ...good, ...change }, defaults, facts)).toEqual({ ok: false, errors });
  });

  it.each([
    ['FX on, with balances', { fx: true }, true],
    ['FX on, without any balance', { fx: true, balances: [] }, false],
    ['FX off', { fx: false }, false],
  ] as const)(
    'takes a currency without a balance only where Boon FX can pay from another: %s',
    (_what, change, ok) => {
      const row = { ...good, productCode: 'CAFE-CA', faceValue: '10' };
      expect(checkBulkRow(row, defaults, { ...facts, ...change }).ok).toBe(ok);
    },
  );
});
