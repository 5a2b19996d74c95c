import {
  currencyExponent,
  isCurrencyCode,
  requireCurrencyCode,
  type CurrencyCode,
} from './currencies.js';
import {
  formatScaled,
  parseDecimal,
  rescale,
  type DecimalErrorCode,
  type ParseDecimalOptions,
  type RoundingMode,
} from './decimal-string.js';

/**
 * An amount of money: a whole number of the currency's minor units (cents for USD, yen for JPY,
 * fils for BHD). Never a JS float; a decimal string at every API boundary (`toDecimalString`).
 */
export interface Money {
  readonly currency: CurrencyCode;
  readonly minor: bigint;
}

export type MoneyErrorCode = DecimalErrorCode | 'unknown_currency' | 'too_many_decimals';

export interface MoneyError {
  readonly code: MoneyErrorCode;
  readonly message: string;
}

export type MoneyResult =
  { readonly ok: true; readonly value: Money } | { readonly ok: false; readonly error: MoneyError };

export interface ParseMoneyOptions extends ParseDecimalOptions {
  /**
   * Rounds decimals beyond the currency's exponent this way. Without it they are refused
   * (`too_many_decimals`): nothing a person typed is dropped silently.
   */
  rounding?: RoundingMode;
}

/** Thrown by arithmetic on amounts of two currencies. */
export class CurrencyMismatchError extends Error {
  override name = 'CurrencyMismatchError';
  constructor(
    readonly left: CurrencyCode,
    readonly right: CurrencyCode,
  ) {
    super(`Cannot combine ${left} and ${right} amounts`);
  }
}

/** What an amount with too many decimals is told: "USD amounts have at most 2 decimals." */
export function tooManyDecimalsMessage(currency: CurrencyCode): string {
  const exponent = currencyExponent(currency);
  return exponent === 0
    ? `${currency} amounts are whole numbers.`
    : `${currency} amounts have at most ${exponent} decimals.`;
}

/**
 * Reads a decimal string as an amount of `currency`: "12.34" USD is 1234n, "100" JPY is 100n,
 * "1.234" BHD is 1234n. Refuses an unknown currency, anything but a plain decimal (exponents,
 * spaces, separators, "NaN", empty), a minus unless `allowNegative`, and more decimals than the
 * currency has unless a `rounding` mode is given.
 */
export function parseMoney(
  text: string,
  currency: string,
  { rounding, ...decimalOptions }: ParseMoneyOptions = {},
): MoneyResult {
  if (!isCurrencyCode(currency)) {
    return {
      ok: false,
      error: { code: 'unknown_currency', message: `${currency} is not a currency we know.` },
    };
  }
  const parsed = parseDecimal(text, decimalOptions);
  if (!parsed.ok) return parsed;
  const exponent = currencyExponent(currency);
  if (parsed.value.scale > exponent && rounding === undefined) {
    return {
      ok: false,
      error: { code: 'too_many_decimals', message: tooManyDecimalsMessage(currency) },
    };
  }
  const { units } = rescale(parsed.value, exponent, rounding);
  return { ok: true, value: { currency, minor: units } };
}

/**
 * Like `parseMoney` with negatives allowed, for text that is known to be valid (seed data,
 * constants, tests); throws a RangeError naming the rule if not.
 */
export function money(text: string, currency: string, options?: ParseMoneyOptions): Money {
  const parsed = parseMoney(text, currency, { allowNegative: true, ...options });
  if (!parsed.ok) throw new RangeError(`"${text}" ${currency}: ${parsed.error.message}`);
  return parsed.value;
}

/** An amount from its minor units: moneyFromMinor("USD", 1234n) is 12.34 USD. */
export function moneyFromMinor(currency: string, minor: bigint): Money {
  if (typeof minor !== 'bigint') throw new TypeError('Minor units must be a bigint');
  return { currency: requireCurrencyCode(currency), minor };
}

/** Nothing, in `currency`. */
export function zeroMoney(currency: string): Money {
  return moneyFromMinor(currency, 0n);
}

/**
 * The API boundary form: exactly the currency's decimals, "-" for negatives, no grouping: "12.30",
 * "-0.05", "100" (JPY), "1.234" (BHD).
 */
export function toDecimalString(amount: Money): string {
  return formatScaled(amount.minor, currencyExponent(amount.currency));
}

function sameCurrency(a: Money, b: Money): CurrencyCode {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

export function addMoney(a: Money, b: Money): Money {
  return { currency: sameCurrency(a, b), minor: a.minor + b.minor };
}

export function subtractMoney(a: Money, b: Money): Money {
  return { currency: sameCurrency(a, b), minor: a.minor - b.minor };
}

/** The sum of amounts in one currency; nothing sums to zero. */
export function sumMoney(currency: string, amounts: readonly Money[]): Money {
  return amounts.reduce(addMoney, zeroMoney(currency));
}

export function negateMoney(a: Money): Money {
  return { currency: a.currency, minor: -a.minor };
}

/** A whole multiple: 3 × 12.34 USD. (A fractional factor is a rate: see `convertMoney`.) */
export function multiplyMoney(a: Money, factor: bigint): Money {
  return { currency: a.currency, minor: a.minor * factor };
}

/** -1, 0 or 1 as a is below, equal to or above b; amounts of two currencies throw. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.minor < b.minor ? -1 : a.minor > b.minor ? 1 : 0;
}

export function moneyEquals(a: Money, b: Money): boolean {
  return compareMoney(a, b) === 0;
}

export function isZeroMoney(a: Money): boolean {
  return a.minor === 0n;
}

export function isNegativeMoney(a: Money): boolean {
  return a.minor < 0n;
}

export function isPositiveMoney(a: Money): boolean {
  return a.minor > 0n;
}

/**
 * Splits an amount in the given proportions with nothing lost or made: every part is a whole
 * number of minor units, the parts add up to the amount exactly, and the minor units left over by
 * rounding down go one each to the first parts. allocateMoney(10.00 USD, [1, 1, 1]) gives 3.34,
 * 3.33, 3.33.
 */
export function allocateMoney(amount: Money, ratios: readonly (number | bigint)[]): Money[] {
  const weights = ratios.map((ratio) => {
    if (typeof ratio === 'number' && !Number.isSafeInteger(ratio)) {
      throw new RangeError('Ratios must be whole numbers');
    }
    const weight = BigInt(ratio);
    if (weight < 0n) throw new RangeError('Ratios must not be negative');
    return weight;
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) throw new RangeError('At least one ratio must be above 0');
  const sign = amount.minor < 0n ? -1n : 1n;
  const magnitude = amount.minor * sign;
  const parts = weights.map((weight) => (magnitude * weight) / total);
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  for (let i = 0; left > 0n; i = (i + 1) % parts.length) {
    if (weights[i] === 0n) continue;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part) => ({ currency: amount.currency, minor: part * sign }));
}
