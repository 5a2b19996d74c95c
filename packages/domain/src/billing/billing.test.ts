import { describe, expect, it } from 'vitest';
import { currencyExponent } from '../money/currencies';
import { daysUntilEmpty, isLowBalance } from './balance-forecast';
import { floatCurrencies, floatCurrency } from './float-currencies';
import { transactionLabel } from './transaction-labels';

describe('float currencies (spec 3 and 9)', () => {
  it('are the 37 of the spec, each a currency with an exponent, a title, a flag and a symbol', () => {
    expect(floatCurrencies).toHaveLength(37);
    for (const currency of floatCurrencies) {
      expect(() => currencyExponent(currency.code)).not.toThrow();
      expect(currency.title).not.toBe('');
      expect([...currency.flag]).toHaveLength(2);
      expect(currency.symbol).not.toBe('');
    }
  });

  it.each([
    ['USD', 'US dollar', '🇺🇸', 'US', '$'],
    ['GBP', 'British pound', '🇬🇧', 'GB', '£'],
    ['EUR', 'Euro', '🇪🇺', 'EU', '€'],
    ['JPY', 'Japanese yen', '🇯🇵', 'JP', '¥'],
  ])('%s is the %s', (code, title, flag, region, symbol) => {
    expect(floatCurrency(code)).toEqual({ code, title, flag, region, symbol });
  });

  it('knows no float in a currency outside the list, nor a lower-case code', () => {
    expect(floatCurrency('BHD')).toBeUndefined();
    expect(floatCurrency('usd')).toBeUndefined();
  });
});

describe('daysUntilEmpty', () => {
  it.each([
    ['3,000 left, 3,000 spent in 30 days', 300_000n, 300_000n, 30],
    ['1,000 left at 100 a day', 100_000n, 300_000n, 10],
    ['rounds down: 29.99 days is 29', 299_900n, 300_000n, 29],
    ['less than a day left', 5_000n, 300_000n, 0],
    ['years of money', 10_000_000n, 100n, 3_000_000],
    ['nothing spent: no forecast', 100_000n, 0n, undefined],
    ['nothing left: no forecast', 0n, 100n, undefined],
  ] as const)('%s', (_what, available, spent, expected) => {
    expect(daysUntilEmpty(available, spent)).toBe(expected);
  });
});

describe('isLowBalance', () => {
  it.each([
    ['under the threshold', 999n, 1_000n, true],
    ['at the threshold', 1_000n, 1_000n, false],
    ['above it', 1_001n, 1_000n, false],
    ['no threshold set', 0n, undefined, false],
  ] as const)('%s', (_what, available, threshold, expected) => {
    expect(isLowBalance(available, threshold)).toBe(expected);
  });
});

describe('transactionLabel', () => {
  it.each([
    ['TOP_UP', 'BANK_TRANSFER', 'Top-up · Bank transfer'],
    ['CURRENCY_EXCHANGE', 'FX_FEES', 'Currency exchange · Exchange fee'],
    ['ORDER_ITEM', 'REBATE_BY_BOON', 'Order · Rebate by boon'],
    ['ADJUSTMENT', null, 'Adjustment'],
    ['SOMETHING_NEW', 'OTHER', 'Something new · Other'],
  ] as const)('%s %s reads "%s"', (type, subtype, expected) => {
    expect(transactionLabel(type, subtype)).toBe(expected);
  });
});
