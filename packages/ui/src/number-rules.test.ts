import { compareScaled, parseDecimal } from '@boon/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowsNegative,
  clamp,
  currencyFractionDigits,
  formatNumber,
  isNumberDraft,
  normalizeNumber,
  parseNumberDraft,
  roundDown,
  sameNumber,
} from './number-rules';

describe('number rules (on decimal strings)', () => {
  it.each([
    ['5', '0', '10', '5'],
    ['-1', '0', '10', '0'],
    ['11', '0', '10', '10'],
    ['11', undefined, undefined, '11'],
    ['0.001', '0.01', '100000', '0.01'],
    ['100000.5', '0.01', '100000', '100000'],
    ['99999999999999999999.99', '0.01', '100000', '100000'],
  ])('clamps %s to [%s, %s] as %s', (value, min, max, expected) => {
    expect(clamp(value, min, max)).toBe(expected);
  });

  it.each([
    ['1.9', 0, '1'],
    ['-1.1', 0, '-2'],
    ['1.15', 2, '1.15'],
    ['1.159', 2, '1.15'],
    ['10.555', 2, '10.55'],
    ['0.29', 2, '0.29'],
    ['7', 0, '7'],
    ['9007199254740993.999', 2, '9007199254740993.99'],
  ])('rounds %s down at %d places to %s', (value, digits, expected) => {
    expect(roundDown(value, digits)).toBe(expected);
  });

  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['BHD', 3],
    // ISO 4217, from the domain's table: Intl's own data would say 0.
    ['IDR', 2],
  ])('knows %s has %d fraction digits', (currency, digits) => {
    expect(currencyFractionDigits(currency)).toBe(digits);
  });

  it('refuses a currency it does not know rather than assuming two decimals', () => {
    expect(() => currencyFractionDigits('XYZ')).toThrow('Unknown currency "XYZ"');
  });

  it('rounds down unless decimals are allowed, to the currency digits when there is one, then clamps', () => {
    expect(normalizeNumber('9.99', { min: '1', max: '100' })).toBe('9');
    expect(normalizeNumber('9.999', { allowDecimals: true })).toBe('9.999');
    expect(normalizeNumber('9.999', { allowDecimals: true, currency: 'USD' })).toBe('9.99');
    expect(normalizeNumber('9.9', { allowDecimals: true, currency: 'JPY' })).toBe('9');
    expect(normalizeNumber('1.23456', { allowDecimals: true, currency: 'BHD' })).toBe('1.234');
    expect(normalizeNumber('0.5', { min: '1' })).toBe('1');
    expect(normalizeNumber('250.75', { max: '100', allowDecimals: true })).toBe('100');
  });

  it("writes a currency value with exactly the currency's decimals, others in their shortest form", () => {
    expect(normalizeNumber('12.3', { allowDecimals: true, currency: 'USD' })).toBe('12.30');
    expect(normalizeNumber('12', { allowDecimals: true, currency: 'BHD' })).toBe('12.000');
    expect(normalizeNumber('1500', { allowDecimals: true, currency: 'JPY' })).toBe('1500');
    expect(normalizeNumber('7.90', { allowDecimals: true })).toBe('7.9');
    expect(normalizeNumber('-0', { allowDecimals: true })).toBe('0');
  });

  it('brings a limit with more decimals than the value may keep inside the range', () => {
    expect(normalizeNumber('0', { min: '0.001', allowDecimals: true, currency: 'USD' })).toBe(
      '0.01',
    );
    expect(normalizeNumber('5', { max: '1.5', currency: 'JPY' })).toBe('1');
  });

  it('accepts drafts on the way to a number and nothing else', () => {
    expect(
      ['', '-', '.', '12', '12.', '-0.5', '.5'].every((text) => isNumberDraft(text, true)),
    ).toBe(true);
    expect(['1e5', '1.2.3', '--1', 'abc', '1-'].some((text) => isNumberDraft(text, true))).toBe(
      false,
    );
    expect(isNumberDraft('-1', false)).toBe(false);
  });

  it('lets a minus be typed only when the limits reach below zero', () => {
    expect(allowsNegative({})).toBe(true);
    expect(allowsNegative({ min: '-0.01' })).toBe(true);
    expect(allowsNegative({ min: '0' })).toBe(false);
    expect(allowsNegative({ min: '0.01' })).toBe(false);
  });

  it('reads an empty or sign-only draft as no value, and others as plain decimal strings', () => {
    expect(parseNumberDraft('')).toBeNull();
    expect(parseNumberDraft('-')).toBeNull();
    expect(parseNumberDraft('.')).toBeNull();
    expect(parseNumberDraft('12.')).toBe('12');
    expect(parseNumberDraft('.5')).toBe('0.5');
    expect(parseNumberDraft('-.5')).toBe('-0.5');
    expect(parseNumberDraft('007.50')).toBe('007.50');
  });

  it('shows currency values with the currency fraction digits', () => {
    expect(formatNumber('10', 'USD')).toBe('10.00');
    expect(formatNumber('10.5', 'BHD')).toBe('10.500');
    expect(formatNumber('1000', 'JPY')).toBe('1000');
    expect(formatNumber('0.125', 'USD')).toBe('0.12');
    expect(formatNumber('10.5')).toBe('10.5');
    expect(formatNumber(null, 'USD')).toBe('');
  });

  it('tells the same number in two spellings', () => {
    expect(sameNumber('10', '10.00')).toBe(true);
    expect(sameNumber('10', '10.01')).toBe(false);
    expect(sameNumber(null, undefined)).toBe(true);
    expect(sameNumber('0', null)).toBe(false);
  });
});

describe('normalizeNumber properties, for every currency exponent (0, 2, 3)', () => {
  const decimalText = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 6 }))
    .map(([negative, units, scale]) => {
      const digits = units.toString().padStart(scale + 1, '0');
      const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      return negative ? `-${text}` : text;
    });
  const rules = fc.record(
    {
      currency: fc.constantFrom('USD', 'JPY', 'BHD', 'KRW', 'KWD', 'GBP'),
      allowDecimals: fc.boolean(),
      min: decimalText,
      max: decimalText,
    },
    { requiredKeys: ['currency', 'allowDecimals'] },
  );
  const value = (text: string) => {
    const parsed = parseDecimal(text, { allowNegative: true });
    if (!parsed.ok) throw new Error(text);
    return parsed.value;
  };

  it("keeps the currency's decimals exactly, stays in range, never rounds up, and is idempotent", () => {
    fc.assert(
      fc.property(decimalText, rules, (text, given) => {
        fc.pre(
          given.min === undefined ||
            given.max === undefined ||
            compareScaled(value(given.min), value(given.max)) <= 0,
        );
        const result = normalizeNumber(text, given);
        const exponent = currencyFractionDigits(given.currency);
        expect(result).toMatch(
          exponent === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${exponent}}$`),
        );
        if (!given.allowDecimals) expect(result).toMatch(/^-?\d+(\.0+)?$/);
        expect(normalizeNumber(result, given)).toBe(result);
        const inRange =
          (given.min === undefined || compareScaled(value(text), value(given.min)) >= 0) &&
          (given.max === undefined || compareScaled(value(text), value(given.max)) <= 0);
        const kept = given.allowDecimals ? exponent : 0;
        const limitsKept = [given.min, given.max].every(
          (limit) => limit === undefined || value(limit).scale <= kept,
        );
        if (inRange && limitsKept) {
          expect(compareScaled(value(result), value(text))).toBeLessThanOrEqual(0);
        }
        // The range, as far as the kept decimals can reach into it.
        if (given.max !== undefined) {
          expect(compareScaled(value(result), value(given.max))).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});
