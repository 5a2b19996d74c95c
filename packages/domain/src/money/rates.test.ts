import * as domain from '@boon/domain';
import * as ratesEntry from '@boon/domain/rates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent, type CurrencyCode } from './currencies.js';
import { divideRounded, parseDecimal, pow10 } from './decimal-string.js';
import { compareMoney, money, moneyFromMinor, toDecimalString } from './money.js';
import { convertMoney, invertRate, parseRate, RATE_MAX_DIGITS } from './rates.js';

describe('where rates are imported from', () => {
  it("is '@boon/domain/rates', not the package's main entry, which stays free of decimal.js", () => {
    expect(ratesEntry.convertMoney).toBe(convertMoney);
    expect('convertMoney' in domain).toBe(false);
    expect(domain.parseMoney).toBeTypeOf('function');
  });
});

describe('parseRate', () => {
  it('takes a plain positive decimal string', () => {
    expect(parseRate('1.2745')).toEqual({ ok: true, value: '1.2745' });
    expect(parseRate('151')).toEqual({ ok: true, value: '151' });
  });

  it('refuses zero, signs, exponents, floats-as-text and absurd precision', () => {
    for (const text of [
      '0',
      '0.000',
      '-1.2',
      '1e3',
      '1.2 ',
      '',
      'NaN',
      `1.${'1'.repeat(RATE_MAX_DIGITS)}`,
    ]) {
      expect(parseRate(text).ok, text).toBe(false);
    }
    expect(parseRate('0')).toEqual({
      ok: false,
      error: { code: 'format', message: 'A rate must be above 0.' },
    });
  });
});

describe('convertMoney', () => {
  it.each([
    ['100.00', 'USD', '0.7891', 'GBP', '78.91'],
    ['10.00', 'USD', '151.235', 'JPY', '1512'],
    ['10.00', 'USD', '151.25', 'JPY', '1512'], // 1512.5: the tie goes to the even 1512
    ['10.00', 'USD', '151.35', 'JPY', '1514'], // 1513.5 → 1514
    ['1.000', 'BHD', '2.65957', 'USD', '2.66'],
    ['1000', 'JPY', '0.0066', 'USD', '6.60'],
    ['1000', 'JPY', '0.00066', 'KWD', '0.660'],
    ['0.125', 'KWD', '1', 'OMR', '0.125'],
    ['0.01', 'USD', '0.5', 'EUR', '0.00'], // 0.005 → 0.00 (even)
    ['0.03', 'USD', '0.5', 'EUR', '0.02'], // 0.015 → 0.02 (even)
    ['-0.03', 'USD', '0.5', 'EUR', '-0.02'],
    ['99999999999999.99', 'USD', '1.23456789', 'EUR', '123456788999999.99'],
  ])('%s %s at %s is %s %s', (amount, from, rate, to, expected) => {
    expect(toDecimalString(convertMoney(money(amount, from), rate, to))).toBe(expected);
  });

  it('rounds another way when asked', () => {
    expect(toDecimalString(convertMoney(money('0.01', 'USD'), '0.5', 'EUR', 'ceil'))).toBe('0.01');
    expect(toDecimalString(convertMoney(money('-0.01', 'USD'), '0.5', 'EUR', 'floor'))).toBe(
      '-0.01',
    );
  });

  it('refuses a bad rate or an unknown currency', () => {
    expect(() => convertMoney(money('1', 'USD'), '1e3', 'EUR')).toThrow('Invalid rate "1e3"');
    expect(() => convertMoney(money('1', 'USD'), '0', 'EUR')).toThrow(RangeError);
    expect(() => convertMoney(money('1', 'USD'), '1', 'XYZ')).toThrow('Unknown currency');
  });
});

describe('invertRate', () => {
  it.each([
    ['0.8', 10, '1.25'],
    ['3', 6, '0.333333'],
    ['151.235', 10, '0.006612226006'],
    ['2', 1, '0.5'],
  ])('1 / %s to %d digits is %s', (rate, digits, expected) => {
    expect(invertRate(rate, digits)).toBe(expected);
  });

  it('refuses a bad rate or precision', () => {
    expect(() => invertRate('0')).toThrow(RangeError);
    expect(() => invertRate('2', 0)).toThrow(RangeError);
  });
});

describe('conversion properties, for every exponent (0, 2, 3)', () => {
  const currency = fc.constantFrom<CurrencyCode>('JPY', 'KRW', 'USD', 'EUR', 'BHD', 'KWD');
  const rate = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
    .map(([units, scale]) => {
      const digits = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    });
  const minor = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });

  it('is the exact product rounded once, half-even (checked against bigint arithmetic)', () => {
    fc.assert(
      fc.property(currency, currency, rate, minor, (from, to, r, units) => {
        const parsed = parseDecimal(r);
        if (!parsed.ok) throw new Error(r);
        // units × rate × 10^(to − from), as a fraction with a positive denominator.
        const shift = currencyExponent(to) - currencyExponent(from);
        const numerator = units * parsed.value.units * pow10(Math.max(shift, 0));
        const denominator = pow10(parsed.value.scale) * pow10(Math.max(-shift, 0));
        const expected = divideRounded(numerator, denominator, 'half-even');
        expect(convertMoney(moneyFromMinor(from, units), r, to).minor).toBe(expected);
      }),
    );
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(currency, currency, rate, minor, minor, (from, to, r, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const convertedLow = convertMoney(moneyFromMinor(from, low), r, to);
        const convertedHigh = convertMoney(moneyFromMinor(from, high), r, to);
        expect(compareMoney(convertedLow, convertedHigh)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('keeps the sign, and converts at 1 without change between equal exponents', () => {
    fc.assert(
      fc.property(currency, rate, minor, (from, r, units) => {
        const converted = convertMoney(moneyFromMinor(from, units), r, from);
        if (units > 0n) expect(converted.minor >= 0n).toBe(true);
        if (units < 0n) expect(converted.minor <= 0n).toBe(true);
        expect(convertMoney(moneyFromMinor(from, units), '1', from).minor).toBe(units);
        expect(convertMoney(moneyFromMinor(from, units), '1.000', from).minor).toBe(units);
      }),
    );
  });
});
