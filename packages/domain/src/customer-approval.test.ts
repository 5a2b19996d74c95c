import { describe, expect, it } from 'vitest';
import {
  APPROVAL_CURRENCIES,
  approvalCurrencyChoices,
  approvalDefaults,
  approvedCustomerDefaultCurrency,
  currencyOfCountry,
} from './customer-approval.js';
import { isCurrencyCode } from './money/currencies.js';
import { supportedCountries } from './countries.js';

describe('currencyOfCountry', () => {
  it.each([
    ['US', 'USD'],
    ['GB', 'GBP'],
    ['DE', 'EUR'],
    ['IE', 'EUR'],
    ['JP', 'JPY'],
    ['IN', 'INR'],
    ['br', 'BRL'],
    [' ca ', 'CAD'],
    ['XX', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j pays in %j', (country, currency) => {
    expect(currencyOfCountry(country)).toBe(currency);
  });

  it('knows the currency of every supported country, with its exponent', () => {
    for (const country of supportedCountries) {
      const currency = currencyOfCountry(country.isoCode);
      expect(currency, country.label).not.toBeNull();
      expect(isCurrencyCode(currency ?? ''), country.label).toBe(true);
    }
  });
});

describe('approvalDefaults (a new customer that can transact)', () => {
  it.each([
    ['US', ['USD']],
    ['GB', ['GBP']],
    ['FR', ['EUR']],
    ['JP', ['JPY']],
    [null, ['USD']],
    ['XX', ['USD']],
  ])('a company in %j starts with balances and FX on, in %j', (country, currencies) => {
    expect(approvalDefaults(country)).toEqual({
      balancesEnabled: true,
      fxEnabled: true,
      currencies,
    });
  });
});

describe('approvalCurrencyChoices', () => {
  it.each([
    ['US', ['USD', 'GBP', 'EUR', 'CAD', 'AUD']],
    ['GB', ['GBP', 'USD', 'EUR', 'CAD', 'AUD']],
    ['JP', ['JPY', ...APPROVAL_CURRENCIES]],
    ['BR', ['BRL', ...APPROVAL_CURRENCIES]],
    [null, [...APPROVAL_CURRENCIES]],
  ])('%j is offered its own currency first, once: %j', (country, choices) => {
    expect(approvalCurrencyChoices(country)).toEqual(choices);
  });
});

describe('approvedCustomerDefaultCurrency', () => {
  it.each([
    ['GB', ['USD', 'GBP'], 'GBP'],
    ['GB', ['GBP'], 'GBP'],
    ['GB', ['EUR', 'USD'], 'EUR'],
    ['JP', ['JPY'], 'JPY'],
    ['US', [], 'USD'],
    ['GB', [], 'USD'],
    [null, ['CAD'], 'CAD'],
    [null, [], 'USD'],
  ])('a company in %j with floats %j defaults to %s', (country, floats, currency) => {
    expect(approvedCustomerDefaultCurrency(country, floats)).toBe(currency);
  });
});
