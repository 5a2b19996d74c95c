import { currencyExponent, type CurrencyExponent } from './currencies.js';
import { parseMoney, type Money, type MoneyResult } from './money.js';
import { pow10 } from './decimal-string.js';

/**
 * How amounts read to a person (spec 9: "Currency rounding is half-even with the narrow
 * symbol"): the narrow symbol ("$", "£", "€", "¥"), the currency's own decimals, the locale's
 * grouping and minus: 1234.5 USD is "$1,234.50", -0.05 USD "-$0.05", 0 JPY "¥0", 1.234 BHD
 * "BHD 1.234".
 *
 * The digits never pass through a float: Intl formats the whole part as a bigint and the fraction
 * digits as a whole number of their own, and those are put in the places Intl gave them. (Intl
 * can format decimal strings exactly too, but not every browser the console supports can.)
 */
export function formatMoney(amount: Money, locale = 'en'): string {
  const exponent = currencyExponent(amount.currency);
  const negative = amount.minor < 0n;
  const magnitude = negative ? -amount.minor : amount.minor;
  const whole = magnitude / pow10(exponent);
  const fraction = magnitude % pow10(exponent);
  // A negative amount under one whole unit still needs its minus: format -1 and put 0 in its place.
  const template = negative ? -(whole === 0n ? 1n : whole) : whole;
  const parts = currencyFormat(locale, amount.currency, exponent).formatToParts(template);
  return parts
    .map((part) => {
      if (part.type === 'integer' && whole === 0n) return zeroDigit(locale);
      if (part.type === 'fraction') return fractionDigits(locale, exponent, fraction);
      return part.value;
    })
    .join('');
}

/**
 * A decimal string shown as money, rounded half-even to the currency's decimals first (spec 9):
 * formatDecimalMoney("0.125", "USD") is "$0.12", "0.135" is "$0.14". Refuses what `parseMoney`
 * refuses, but for the decimals.
 */
export function formatDecimalMoney(
  text: string,
  currency: string,
  locale = 'en',
): { ok: true; value: string } | Extract<MoneyResult, { ok: false }> {
  const parsed = parseMoney(text, currency, { allowNegative: true, rounding: 'half-even' });
  return parsed.ok ? { ok: true, value: formatMoney(parsed.value, locale) } : parsed;
}

const formats = new Map<string, Intl.NumberFormat>();

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function currencyFormat(locale: string, currency: string, exponent: CurrencyExponent) {
  return cached(`currency:${locale}:${currency}`, () => {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      // ISO 4217's decimals, not Intl's own (CLDR gives IDR none, for one).
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
  });
}

/** The fraction's digits in the locale's numerals, zero-padded to the exponent. */
function fractionDigits(locale: string, exponent: number, fraction: bigint): string {
  return cached(`fraction:${locale}:${exponent}`, () => {
    return new Intl.NumberFormat(locale, {
      useGrouping: false,
      minimumIntegerDigits: Math.max(exponent, 1),
    });
  }).format(fraction);
}

function zeroDigit(locale: string): string {
  return fractionDigits(locale, 1, 0n);
}
