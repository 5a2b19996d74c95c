import { allCountries } from './countries.js';

/**
 * What a new customer starts with when staff approve its company: balances on, with a
 * float in the currency of the company's country, and FX on, so that it can add funds and order
 * from the day it is approved. Staff may change any of it in the approve dialog.
 */

/** The float currencies staff are always offered, whatever the company's country. */
export const APPROVAL_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;

/** The spec's default currency (9: "Default currency: USD"), for a company of unknown country. */
export const FALLBACK_CURRENCY = 'USD';

/** The ISO 4217 code of a country's currency ("DE" → "EUR"); null for a code the product lacks. */
export function currencyOfCountry(isoCode: string | null | undefined): string | null {
  if (!isoCode) return null;
  const code = isoCode.trim().toUpperCase();
  return allCountries.find((country) => country.isoCode === code)?.currency ?? null;
}

/** The settings the approve dialog starts from. */
export interface ApprovalDefaults {
  balancesEnabled: boolean;
  fxEnabled: boolean;
  currencies: string[];
}

export function approvalDefaults(countryIsoCode: string | null | undefined): ApprovalDefaults {
  return {
    balancesEnabled: true,
    fxEnabled: true,
    currencies: [currencyOfCountry(countryIsoCode) ?? FALLBACK_CURRENCY],
  };
}

/**
 * The float currencies the approve dialog offers: the country's own first (a Japanese company is
 * offered JPY), then the ones always offered.
 */
export function approvalCurrencyChoices(countryIsoCode: string | null | undefined): string[] {
  const own = currencyOfCountry(countryIsoCode);
  return [...new Set([...(own ? [own] : []), ...APPROVAL_CURRENCIES])];
}

/**
 * The new customer's default currency: its country's when it holds a float in it, else its first
 * float, else the spec's default (USD).
 */
export function approvedCustomerDefaultCurrency(
  countryIsoCode: string | null | undefined,
  floats: readonly string[],
): string {
  const own = currencyOfCountry(countryIsoCode);
  if (own && floats.includes(own)) return own;
  return floats[0] ?? FALLBACK_CURRENCY;
}
