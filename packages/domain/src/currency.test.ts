import { describe, expect, it } from 'vitest';
import { currencySymbol, featureFlaggedCurrencyDefaults } from './currency.js';

describe('currencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['GBP', '£'],
    ['EUR', '€'],
    ['JPY', '¥'],
  ])('%s → %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('falls back to the code for something that is not a currency', () => {
    expect(currencySymbol('NOPE!')).toBe('NOPE!');
  });
});

describe('featureFlaggedCurrencyDefaults (spec section 5)', () => {
  const on = ['AED', 'ARS', 'BGN', 'BRL', 'CLP', 'COP', 'INR', 'MYR', 'PEN', 'SAR'];
  const off = ['EGP', 'IDR', 'ILS', 'PHP', 'THB', 'TRY', 'VND'];
  it('has exactly the spec lists', () => {
    expect(Object.keys(featureFlaggedCurrencyDefaults).sort()).toEqual([...on, ...off].sort());
    for (const code of on) expect(featureFlaggedCurrencyDefaults[code]).toBe(true);
    for (const code of off) expect(featureFlaggedCurrencyDefaults[code]).toBe(false);
  });
});
