import { Decimal } from 'decimal.js';
import { currencyExponent, requireCurrencyCode } from './currencies.js';
import { parseDecimal, type DecimalResult, type RoundingMode } from './decimal-string.js';
import type { Money } from './money.js';

/**
 * Exchange rates, with decimal.js (the architecture's decimal library). A rate is a decimal
 * string ("1.2745": one unit of the currency sold buys 1.2745 of the currency bought); amounts
 * stay bigint minor units, and only the product of the two is a decimal, rounded once, half-even
 * unless asked otherwise.
 */

/** At most this many significant digits in a rate (FX quotes carry 6 to 10). */
export const RATE_MAX_DIGITS = 30;

/** Enough digits that no product of an amount and a rate this module accepts is ever rounded. */
const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN });

const decimalRounding = {
  'half-even': Decimal.ROUND_HALF_EVEN,
  floor: Decimal.ROUND_FLOOR,
  ceil: Decimal.ROUND_CEIL,
} as const satisfies Record<RoundingMode, Decimal.Rounding>;

/** A rate as received: a plain positive decimal string ("1.2745"), no exponent, no sign. */
export function parseRate(text: string): DecimalResult<string> {
  const parsed = parseDecimal(text);
  if (!parsed.ok) return parsed;
  if (parsed.value.units === 0n) {
    return { ok: false, error: { code: 'format', message: 'A rate must be above 0.' } };
  }
  const significant = parsed.value.units.toString().length;
  if (significant > RATE_MAX_DIGITS) {
    return {
      ok: false,
      error: { code: 'format', message: `A rate has at most ${RATE_MAX_DIGITS} digits.` },
    };
  }
  return { ok: true, value: text };
}

function requireRate(rate: string): Decimal {
  const parsed = parseRate(rate);
  if (!parsed.ok) throw new RangeError(`Invalid rate "${rate}": ${parsed.error.message}`);
  return new Exact(rate);
}

/**
 * `amount` at `rate` in the currency `to`, rounded to that currency's minor units (half-even by
 * default): 100.00 USD at "0.7891" is 78.91 GBP; 10.00 USD at "151.235" is 1512 JPY; 1.000 BHD at
 * "2.65957" is 2.66 USD. The rate must be valid (see `parseRate`); a bad one throws.
 */
export function convertMoney(
  amount: Money,
  rate: string,
  to: string,
  rounding: RoundingMode = 'half-even',
): Money {
  const target = requireCurrencyCode(to);
  const shift = currencyExponent(target) - currencyExponent(amount.currency);
  const exact = new Exact(amount.minor.toString())
    .times(requireRate(rate))
    .times(new Exact(10).pow(shift));
  const minor = exact.toDecimalPlaces(0, decimalRounding[rounding]).toFixed(0);
  return { currency: target, minor: BigInt(minor) };
}

/**
 * The rate the other way (1 / rate), rounded half-even to `significantDigits`:
 * invertRate("0.8") is "1.25", invertRate("3", 6) is "0.333333".
 */
export function invertRate(rate: string, significantDigits = 10): string {
  if (!Number.isInteger(significantDigits) || significantDigits < 1) {
    throw new RangeError('Expected a whole number of significant digits, at least 1');
  }
  return new Exact(1)
    .div(requireRate(rate))
    .toSignificantDigits(Math.min(significantDigits, RATE_MAX_DIGITS), Decimal.ROUND_HALF_EVEN)
    .toFixed();
}
