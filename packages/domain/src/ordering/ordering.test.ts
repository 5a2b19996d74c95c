import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeValues, offersValue, type MinorDenominations } from './denominations.js';
import { priceOrder } from './order-price.js';
import {
  checkOrder,
  deliverAtProblem,
  type OrderableProduct,
  type OrderingProfile,
} from './order-rules.js';

describe('priceOrder (discount = 1 − flatRateMultiplier, half-even per reward, spec 3 and 9)', () => {
  it.each([
    // face (minor), quantity, multiplier, item total, order total, order discount
    [2500n, 2, '0.97', 2425n, 4850n, 150n],
    [1000n, 5, '0.97', 970n, 4850n, 150n],
    [1000n, 1, null, 1000n, 1000n, 0n],
    [1000n, 3, '1', 1000n, 3000n, 0n],
    // 0.97 × 0.01 = 0.0097 → 0.01 (half-even rounds to nearest)
    [1n, 1, '0.97', 1n, 1n, 0n],
    // 0.975 × 0.10 = 0.0975 → 0.10; 0.9725 × 2.00 = 1.945 → 1.94 (tie to even)
    [10n, 1, '0.975', 10n, 10n, 0n],
    [200n, 1, '0.9725', 194n, 194n, 6n],
    [10_000_000n, 200, '0.95', 9_500_000n, 1_900_000_000n, 100_000_000n],
  ])('%s × %s at %s: item %s, total %s, discount %s', (face, qty, mult, item, total, discount) => {
    const price = priceOrder(face, qty, mult);
    expect(price.item.total).toBe(item);
    expect(price.total).toBe(total);
    expect(price.discount).toBe(discount);
    expect(price.fees).toBe(0n);
    expect(price.faceValue).toBe(face * BigInt(qty));
  });

  it('always has total = face value − discount + fees, the items summing to the order', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 10_000 }),
        (face, qty, m) => {
          const multiplier = (m / 10_000).toFixed(4);
          const price = priceOrder(face, qty, multiplier);
          expect(price.total).toBe(price.faceValue - price.discount + price.fees);
          expect(price.total).toBe(price.item.total * BigInt(qty));
          expect(price.item.total).toBeGreaterThanOrEqual(0n);
          expect(price.item.total).toBeLessThanOrEqual(face);
        },
      ),
    );
  });

  it.each([[0n], [-1n]])('refuses a face value of %s', (face) => {
    expect(() => priceOrder(face, 1, null)).toThrow(RangeError);
  });
  it.each(['0', '1.5', 'x'])('refuses the multiplier %j', (multiplier) => {
    expect(() => priceOrder(100n, 1, multiplier)).toThrow(RangeError);
  });
});

describe('offersValue', () => {
  const fixed: MinorDenominations = { type: 'fixed', values: [1000n, 2500n, 5000n] };
  const open: MinorDenominations = { type: 'open', min: 500n, max: 50000n, step: 500n };
  it.each([
    [fixed, 2500n, true],
    [fixed, 2000n, false],
    [open, 500n, true],
    [open, 2500n, true],
    [open, 2700n, false],
    [open, 50000n, true],
    [open, 50500n, false],
    [open, 0n, false],
    [{ type: 'open', min: 1n, max: 100n, step: 1n } as MinorDenominations, 37n, true],
  ])('%# offers %s: %s', (denominations, value, offered) => {
    expect(offersValue(denominations, value)).toBe(offered);
  });

  it('describes the values for an error message', () => {
    const format = (minor: bigint) => (Number(minor) / 100).toFixed(2);
    expect(describeValues(fixed, format)).toBe('10.00, 25.00 or 50.00');
    expect(describeValues(open, format)).toBe('5.00 to 500.00, in steps of 5.00');
    expect(describeValues({ type: 'fixed', values: [1000n] }, format)).toBe('10.00');
  });
});

describe('checkOrder (every rule, on the server)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const profile: OrderingProfile = {
    customerId: 'C-ACME0001',
    name: 'Acme Rewards Ltd',
    orderingRestricted: false,
    portalOrderingRestricted: false,
    currencyToggles: { BRL: false, THB: true },
    orderLimits: [{ currency: 'USD', maxOrderValue: '1000.00' }],
    flatRateMultiplier: '0.97',
  };
  const amazon: OrderableProduct = {
    productCode: 'AMAZON-US',
    name: 'Amazon.com',
    currency: 'USD',
    countries: ['US'],
    state: 'LIVE',
    denominations: { type: 'open', min: 100n, max: 50000n, step: 1n },
  };
  const products: OrderableProduct[] = [
    amazon,
    { ...amazon, productCode: 'DISABLED', name: 'Closed Shop', state: 'TEMPORARILY_DISABLED' },
    { ...amazon, productCode: 'DEGRADED', name: 'Slow Shop', state: 'TEMPORARILY_DEGRADED' },
    {
      ...amazon,
      productCode: 'FIXED',
      name: 'Fixed Shop',
      denominations: { type: 'fixed', values: [1000n, 2500n] },
    },
    { ...amazon, productCode: 'ONLY-RU', name: 'Elsewhere', countries: ['RU'] },
    { ...amazon, productCode: 'GBP-SHOP', name: 'Tesco', currency: 'GBP', countries: ['GB'] },
    { ...amazon, productCode: 'BRL-SHOP', name: 'Loja', currency: 'BRL', countries: ['BR'] },
    { ...amazon, productCode: 'THB-SHOP', name: 'Siam', currency: 'THB', countries: ['TH'] },
    { ...amazon, productCode: 'PHP-SHOP', name: 'Manila', currency: 'PHP', countries: ['PH'] },
  ];
  const base = {
    productCodes: ['AMAZON-US'],
    currency: 'USD',
    faceValue: '25.00',
    itemCount: 2,
    source: 'PORTAL',
  };

  it('prices a good order', () => {
    const result = checkOrder(base, profile, products, now);
    expect(result).toMatchObject({ ok: true, faceValue: 2500n });
    if (result.ok) expect(result.price.total).toBe(4850n);
  });

  it.each<
    [
      string,
      Partial<typeof base> & { deliverAt?: string },
      Partial<OrderingProfile>,
      string,
      string?,
    ]
  >([
    ['ordering restricted', {}, { orderingRestricted: true }, 'ordering_restricted'],
    [
      'console ordering restricted',
      {},
      { portalOrderingRestricted: true },
      'portal_ordering_restricted',
    ],
    ['an unknown currency', { currency: 'XXX' }, {}, 'validation_error', 'body.currency'],
    [
      'a flagged currency toggled off',
      { currency: 'BRL', productCodes: ['BRL-SHOP'] },
      {},
      'order_currency_not_enabled',
    ],
    [
      'a flagged currency off by default',
      { currency: 'PHP', productCodes: ['PHP-SHOP'] },
      {},
      'order_currency_not_enabled',
    ],
    ['too many decimals', { faceValue: '25.001' }, {}, 'validation_error', 'body.faceValue'],
    ['an unknown product', { productCodes: ['NOPE'] }, {}, 'product_not_found', 'body.productCode'],
    [
      'a disabled product',
      { productCodes: ['DISABLED'] },
      {},
      'product_unavailable',
      'body.productCode',
    ],
    [
      'a product in another currency',
      { productCodes: ['GBP-SHOP'] },
      {},
      'validation_error',
      'body.productCode',
    ],
    [
      'a product only in a prohibited country',
      { productCodes: ['ONLY-RU'] },
      {},
      'validation_error',
      'body.productCode',
    ],
    [
      'a value the product does not offer',
      { productCodes: ['FIXED'], faceValue: '20' },
      {},
      'validation_error',
      'body.faceValue',
    ],
    [
      'a value below an open range',
      { faceValue: '0.50' },
      {},
      'validation_error',
      'body.faceValue',
    ],
    [
      'one bad product in a choice',
      { productCodes: ['AMAZON-US', 'DISABLED'] },
      {},
      'product_unavailable',
      'body.productCodes',
    ],
    ['over the order limit', { faceValue: '250.00', itemCount: 5 }, {}, 'order_limit_exceeded'],
    [
      'a delivery in the past',
      { deliverAt: '2026-11-25T12:00:00Z' },
      {},
      'validation_error',
      'body.deliverAt',
    ],
    [
      'a delivery over 90 days ahead',
      { deliverAt: '2027-03-01T12:00:00Z' },
      {},
      'validation_error',
      'body.deliverAt',
    ],
  ])('refuses %s', (_name, change, profileChange, code, path) => {
    const result = checkOrder(
      { ...base, ...change },
      { ...profile, ...profileChange },
      products,
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe(code);
    if (path) expect(result.fieldErrors?.[0]?.path).toBe(path);
  });

  it.each<[string, Partial<typeof base> & { deliverAt?: string }, Partial<OrderingProfile>]>([
    [
      'the API when only the console is restricted',
      { source: 'SYNC_API' },
      { portalOrderingRestricted: true },
    ],
    ['a flagged currency toggled on', { currency: 'THB', productCodes: ['THB-SHOP'] }, {}],
    ['a degraded product (slow, not refused)', { productCodes: ['DEGRADED'] }, {}],
    ['exactly the order limit', { faceValue: '500.00', itemCount: 2 }, {}],
    [
      'no limit in the currency',
      { currency: 'GBP', productCodes: ['GBP-SHOP'], faceValue: '500', itemCount: 200 },
      {},
    ],
    ['a fixed value', { productCodes: ['FIXED'], faceValue: '25' }, {}],
    ['a delivery 89 days ahead', { deliverAt: '2027-02-22T12:00:00Z' }, {}],
    ['a choice of merchants', { productCodes: ['AMAZON-US', 'FIXED'], faceValue: '10.00' }, {}],
  ])('accepts %s', (_name, change, profileChange) => {
    expect(
      checkOrder({ ...base, ...change }, { ...profile, ...profileChange }, products, now).ok,
    ).toBe(true);
  });

  it('names a disabled product in its refusal', () => {
    const result = checkOrder({ ...base, productCodes: ['DISABLED'] }, profile, products, now);
    expect(result.ok ? '' : result.fieldErrors?.[0]?.message).toBe(
      'Closed Shop is temporarily unavailable. Choose another merchant, or try again later.',
    );
  });
});

describe('deliverAtProblem (scheduled delivery, up to 90 days ahead)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['now', '2026-11-26T12:00:00Z', undefined],
    ['picked a minute ago', '2026-11-26T11:59:00Z', undefined],
    ['in an hour, with an offset', '2026-11-26T14:00:00+01:00', undefined],
    ['exactly 90 days ahead', '2027-02-24T12:00:00Z', undefined],
    ['two minutes ago', '2026-11-26T11:58:00Z', 'Choose a delivery time that is not in the past.'],
    [
      '90 days and a minute ahead',
      '2027-02-24T12:01:00Z',
      'Choose a delivery time at most 90 days ahead.',
    ],
    ['not a time', 'next Tuesday', 'Enter a date and time.'],
  ])('%s: %s', (_case, deliverAt, problem) => {
    expect(deliverAtProblem(deliverAt, now)).toBe(problem);
  });
});
