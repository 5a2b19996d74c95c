import { describe, expect, it } from 'vitest';
import { cardCharge, cardTopUpMaxMinor, isCardPaymentCurrency } from './card-payments';

describe('card payment currencies (spec 5)', () => {
  it.each([
    ['GBP', true],
    ['USD', true],
    ['EUR', true],
    ['CAD', true],
    ['JPY', false],
    ['AUD', false],
    ['gbp', false],
  ] as const)('%s: %s', (code, expected) => {
    expect(isCardPaymentCurrency(code)).toBe(expected);
  });
});

describe('cardCharge', () => {
  it.each([
    ['500.00 with card fees: 2.5% on top', 50_000n, true, 1_250n, 51_250n],
    ['500.00 without card fees', 50_000n, false, 0n, 50_000n],
    ['0.01: the fee rounds up to a cent', 1n, true, 1n, 2n],
    ['10.10: 0.2525 rounds up to 0.26', 1_010n, true, 26n, 1_036n],
    ['an exact fee is not rounded', 40_000n, true, 1_000n, 41_000n],
  ] as const)('%s', (_what, amount, cardFees, fee, total) => {
    expect(cardCharge(amount, cardFees)).toEqual({ amount, fee, total });
  });

  it('refuses nothing or less', () => {
    expect(() => cardCharge(0n, true)).toThrow(RangeError);
    expect(() => cardCharge(-1n, false)).toThrow(RangeError);
  });
});

describe('cardTopUpMaxMinor', () => {
  it.each([
    ['USD', 2_500_000n],
    ['GBP', 2_500_000n],
    ['JPY', 25_000n],
  ])('%s: 25,000 in minor units', (currency, expected) => {
    expect(cardTopUpMaxMinor(currency)).toBe(expected);
  });
});
