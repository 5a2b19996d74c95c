import {
  formatScaledShortest,
  parseDecimal,
  pow10,
  type ScaledDecimal,
} from './money/decimal-string.js';

/**
 * A customer's flat-rate discount (spec 3: discountConfig.flatRateMultiplier; "the discount equals
 * 1 minus the multiplier"). People think of it as a percentage ("3 % off"), the customer stores the
 * multiplier ("0.97"). Both are decimal strings, converted through integers: a percentage with at
 * most 2 decimals is exactly a multiplier with at most 4, the contract's limit.
 */

/** The most decimals a discount percentage may have (a multiplier then has at most 4). */
export const DISCOUNT_PERCENT_DECIMALS = 2;
const MULTIPLIER_DECIMALS = DISCOUNT_PERCENT_DECIMALS + 2;

export type DiscountPercentErrorCode = 'empty' | 'format' | 'decimals' | 'range';

export const discountPercentErrors = {
  empty: { code: 'empty', message: 'Enter a discount percentage.' },
  format: { code: 'format', message: 'Enter the discount as a number, such as 3 or 2.5.' },
  decimals: {
    code: 'decimals',
    message: 'Enter the discount with at most 2 decimals, such as 2.75.',
  },
  range: { code: 'range', message: 'Enter a discount of 0 or more and below 100%, such as 3.' },
} as const satisfies Record<DiscountPercentErrorCode, DiscountPercentError>;

export interface DiscountPercentError {
  readonly code: DiscountPercentErrorCode;
  readonly message: string;
}

export type DiscountResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: DiscountPercentError };

/**
 * Reads a percentage as a person types it: surrounding spaces, a trailing "%" and a decimal comma
 * ("2,5") are fine; the value must be at least 0 and below 100, with at most 2 decimals.
 */
export function parseDiscountPercent(text: string): DiscountResult<ScaledDecimal> {
  const cleaned = text
    .trim()
    .replace(/\s*%$/, '')
    // A decimal comma, not a thousands separator: at most 2 digits follow it.
    .replace(/^(\d+),(\d{1,2})$/, '$1.$2');
  if (cleaned === '') return { ok: false, error: discountPercentErrors.empty };
  if (/^-\d/.test(cleaned)) return { ok: false, error: discountPercentErrors.range };
  const parsed = parseDecimal(cleaned);
  if (!parsed.ok) return { ok: false, error: discountPercentErrors.format };
  const { units, scale } = parsed.value;
  // "2.750" is 2.75: only decimals that are not trailing zeros count.
  let exact = { units, scale };
  while (exact.scale > DISCOUNT_PERCENT_DECIMALS && exact.units % 10n === 0n) {
    exact = { units: exact.units / 10n, scale: exact.scale - 1 };
  }
  if (exact.scale > DISCOUNT_PERCENT_DECIMALS) {
    return { ok: false, error: discountPercentErrors.decimals };
  }
  if (exact.units >= 100n * pow10(exact.scale)) {
    return { ok: false, error: discountPercentErrors.range };
  }
  return { ok: true, value: exact };
}

/** "3" → "0.97", "2.75" → "0.9725", "0" → "1": the multiplier a typed percentage stands for. */
export function discountPercentToMultiplier(text: string): DiscountResult<string> {
  const percent = parseDiscountPercent(text);
  if (!percent.ok) return percent;
  // m = 1 - p / 100, at 4 decimals: 10000 - p (at 2 decimals), all in integers.
  const percentAt2 = percent.value.units * pow10(DISCOUNT_PERCENT_DECIMALS - percent.value.scale);
  const multiplierUnits = pow10(MULTIPLIER_DECIMALS) - percentAt2;
  return {
    ok: true,
    value: formatScaledShortest({ units: multiplierUnits, scale: MULTIPLIER_DECIMALS }),
  };
}

/**
 * "0.97" → "3", "0.9725" → "2.75", "1" → "0": the percentage a stored multiplier gives, exactly.
 * Throws on anything that is not a multiplier (a decimal above 0 and at most 1).
 */
export function discountMultiplierToPercent(multiplier: string): string {
  const parsed = parseDecimal(multiplier);
  if (!parsed.ok) throw new RangeError(`Not a discount multiplier: "${multiplier}"`);
  const { units, scale } = parsed.value;
  const one = pow10(scale);
  if (units <= 0n || units > one) {
    throw new RangeError(`A discount multiplier is above 0 and at most 1: "${multiplier}"`);
  }
  // p = (1 - m) * 100: the same digits, two places further left.
  return formatScaledShortest({ units: (one - units) * 100n, scale });
}
