import { describe, expect, it } from 'vitest';
import {
  clamp,
  currencyFractionDigits,
  formatNumber,
  isNumberDraft,
  normalizeNumber,
  parseNumberDraft,
  roundDown,
} from './number-rules';

describe('number rules', () => {
  it.each([
    [5, 0, 10, 5],
    [-1, 0, 10, 0],
    [11, 0, 10, 10],
    [11, undefined, undefined, 11],
    [0.001, 0.01, 100000, 0.01],
    [100000.5, 0.01, 100000, 100000],
  ])('clamps %d to [%s, %s] as %d', (value, min, max, expected) => {
    expect(clamp(value, min, max)).toBe(expected);
  });

  it.each([
    [1.9, 0, 1],
    [-1.1, 0, -2],
    [1.15, 2, 1.15],
    [1.159, 2, 1.15],
    [10.555, 2, 10.55],
    [0.29, 2, 0.29],
    [7, 0, 7],
  ])('rounds %d down at %d places to %d', (value, digits, expected) => {
    expect(roundDown(value, digits)).toBe(expected);
  });

  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['BHD', 3],
  ])('knows %s has %d fraction digits', (currency, digits) => {
    expect(currencyFractionDigits(currency)).toBe(digits);
  });

  it('rounds down unless decimals are allowed, to the currency digits when there is one, then clamps', () => {
    expect(normalizeNumber(9.99, { min: 1, max: 100 })).toBe(9);
    expect(normalizeNumber(9.999, { allowDecimals: true })).toBe(9.999);
    expect(normalizeNumber(9.999, { allowDecimals: true, currency: 'USD' })).toBe(9.99);
    expect(normalizeNumber(9.9, { allowDecimals: true, currency: 'JPY' })).toBe(9);
    expect(normalizeNumber(0.5, { min: 1 })).toBe(1);
    expect(normalizeNumber(250.75, { max: 100, allowDecimals: true })).toBe(100);
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

  it('reads an empty or sign-only draft as no value', () => {
    expect(parseNumberDraft('')).toBeNull();
    expect(parseNumberDraft('-')).toBeNull();
    expect(parseNumberDraft('.')).toBeNull();
    expect(parseNumberDraft('12.')).toBe(12);
  });

  it('shows currency values with the currency fraction digits', () => {
    expect(formatNumber(10, 'USD')).toBe('10.00');
    expect(formatNumber(10.5, 'BHD')).toBe('10.500');
    expect(formatNumber(1000, 'JPY')).toBe('1000');
    expect(formatNumber(10.5)).toBe('10.5');
    expect(formatNumber(null, 'USD')).toBe('');
  });
});
