import { describe, expect, it } from 'vitest';
import { allCountries } from '../countries.js';
import { featureFlaggedCurrencyDefaults } from '../currency.js';
import {
  currencyCodes,
  currencyExponent,
  currencyTable,
  isCurrencyCode,
  requireCurrencyCode,
  UnknownCurrencyError,
} from './currencies.js';

/**
 * Where Intl (CLDR) and ISO 4217 disagree on a currency's decimals; the table follows ISO 4217.
 * Intl's value here is what Node's ICU says today.
 */
const cldrDiffers: Record<string, number> = {
  COP: 0,
  HUF: 0,
  IDR: 0,
  IQD: 0,
  IRR: 0,
  KPW: 0,
  SYP: 0,
};

describe('the currency table', () => {
  it('holds every currency the spec and the product name', () => {
    const named = [
      // Spec 5: card payment currencies and the feature-flagged ones.
      ...['GBP', 'USD', 'EUR', 'CAD'],
      ...Object.keys(featureFlaggedCurrencyDefaults),
      // Spec 9 and decisions.md: the default currency; the demo floats.
      'USD',
      'GBP',
      'EUR',
      // The pending-customer approval screen's float currencies.
      ...['USD', 'GBP', 'EUR', 'CAD', 'AUD'],
      // Every supported country's currency.
      ...allCountries.map((country) => country.currency),
    ];
    for (const code of named) expect(isCurrencyCode(code), code).toBe(true);
  });

  it.each([
    ['USD', 2],
    ['GBP', 2],
    ['EUR', 2],
    ['IDR', 2],
    ['HUF', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['CLP', 0],
    ['VND', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['IQD', 3],
  ])('%s has the ISO 4217 exponent %d', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('has 0-, 2- and 3-decimal currencies', () => {
    const exponents = new Set(currencyCodes.map((code) => currencyTable[code].exponent));
    expect([...exponents].sort()).toEqual([0, 2, 3]);
  });

  it('lists only ISO 4217 codes that Intl knows, sorted', () => {
    const known = new Set(Intl.supportedValuesOf('currency'));
    for (const code of currencyCodes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(known.has(code), code).toBe(true);
    }
    expect([...currencyCodes]).toEqual(Object.keys(currencyTable).sort());
  });

  it("agrees with Intl's decimals but where CLDR is known to differ from ISO 4217", () => {
    for (const code of currencyCodes) {
      const intl = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
      }).resolvedOptions().maximumFractionDigits;
      expect(intl, code).toBe(cldrDiffers[code] ?? currencyExponent(code));
    }
  });

  it('treats an unknown code as an error, never as two decimals', () => {
    for (const code of ['XYZ', 'usd', 'US', '', 'toString', '__proto__', 'constructor']) {
      expect(isCurrencyCode(code), code).toBe(false);
      expect(() => currencyExponent(code), code).toThrow(UnknownCurrencyError);
      expect(() => requireCurrencyCode(code), code).toThrow(`Unknown currency "${code}"`);
    }
    expect(requireCurrencyCode('BHD')).toBe('BHD');
  });
});
