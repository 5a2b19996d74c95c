import { describe, expect, it } from 'vitest';
import {
  allCountries,
  countryByIsoCode,
  CountryNotFoundError,
  flagEmoji,
  isSupportedCountry,
  prohibitedCountryCodes,
  supportedCountries,
  supportedCountriesOf,
  type CountryOption,
} from './countries.js';

describe('supported countries (spec 3, 5, 9)', () => {
  it('has about 55 countries', () => {
    expect(supportedCountries).toHaveLength(55);
  });

  it.each(['CU', 'IR', 'KP', 'RU', 'SY'])('leaves out the prohibited %s', (code) => {
    expect(allCountries.some((country) => country.isoCode === code)).toBe(true);
    expect(supportedCountries.some((country) => country.isoCode === code)).toBe(false);
    expect(isSupportedCountry(code)).toBe(false);
  });

  it('puts the United States and the United Kingdom first, the rest alphabetically', () => {
    expect(supportedCountries.slice(0, 2).map((country) => country.isoCode)).toEqual(['US', 'GB']);
    const rest = supportedCountries.slice(2).map((country) => country.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(rest).not.toContain('United States');
    expect(rest).not.toContain('United Kingdom');
  });

  it('lists each country once, with well-formed codes and every field of a country option', () => {
    const codes = supportedCountries.map((country) => country.isoCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(supportedCountries.map((c) => c.alpha3Code)).size).toBe(codes.length);
    for (const country of supportedCountries) {
      expect(country.isoCode).toMatch(/^[A-Z]{2}$/);
      expect(country.alpha3Code).toMatch(/^[A-Z]{3}$/);
      expect(country.currency).toMatch(/^[A-Z]{3}$/);
      expect(country.label.length).toBeGreaterThan(0);
      expect(country.symbol.length).toBeGreaterThan(0);
      expect(country.currencyName.length).toBeGreaterThan(0);
      expect(country.flag).toBe(flagEmoji(country.isoCode));
    }
  });

  it.each([
    ['US', 'United States', 'USA', 'USD', '$', 'US Dollar', '🇺🇸'],
    ['GB', 'United Kingdom', 'GBR', 'GBP', '£', 'British Pound', '🇬🇧'],
    ['DE', 'Germany', 'DEU', 'EUR', '€', 'Euro', '🇩🇪'],
    ['JP', 'Japan', 'JPN', 'JPY', '¥', 'Japanese Yen', '🇯🇵'],
  ])('describes %s fully', (isoCode, label, alpha3Code, currency, symbol, currencyName, flag) => {
    expect(countryByIsoCode(isoCode)).toEqual({
      isoCode,
      label,
      alpha3Code,
      currency,
      symbol,
      currencyName,
      flag,
    });
  });

  it('finds a country whatever the case of its code', () => {
    expect(countryByIsoCode(' gb ').label).toBe('United Kingdom');
  });

  it.each(['RU', 'XX', ''])('raises an error for a country it does not support (%j)', (code) => {
    expect(() => countryByIsoCode(code)).toThrow(CountryNotFoundError);
    expect(() => countryByIsoCode(code)).toThrow(`Country not found: ${code}`);
  });
});

describe('supportedCountriesOf', () => {
  const country = (isoCode: string): CountryOption => ({
    label: isoCode,
    isoCode,
    alpha3Code: `${isoCode}X`,
    currency: 'XXX',
    flag: flagEmoji(isoCode),
    symbol: '¤',
    currencyName: 'Test',
  });

  it('removes every prohibited code and promotes US then GB, keeping the given order otherwise', () => {
    const input = ['AR', 'GB', 'RU', 'CU', 'FR', 'US', 'IR', 'KP', 'SY', 'BE'].map(country);
    expect(supportedCountriesOf(input).map((c) => c.isoCode)).toEqual([
      'US',
      'GB',
      'AR',
      'FR',
      'BE',
    ]);
    expect(prohibitedCountryCodes).toEqual(['CU', 'IR', 'KP', 'RU', 'SY']);
  });

  it('promotes only what is there', () => {
    expect(supportedCountriesOf(['GB', 'AR'].map(country)).map((c) => c.isoCode)).toEqual([
      'GB',
      'AR',
    ]);
  });
});
