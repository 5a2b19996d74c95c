/**
 * Decimal strings ("12.34", "-0.5", "100") read into exact integers with a scale, and back, with
 * no JS float anywhere: `{ units: 1234n, scale: 2 }` is 12.34.
 */

/** `units / 10^scale`, exactly. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/** How a value with more decimals than wanted is brought to fewer. */
export type RoundingMode =
  /** To the nearest; a tie goes to the even neighbour (banker's rounding, spec 9). */
  | 'half-even'
  /** Towards negative infinity ("rounded down", spec 5's number field). */
  | 'floor'
  /** Towards positive infinity. */
  | 'ceil';

export type DecimalErrorCode = 'empty' | 'format' | 'negative';

export interface DecimalError {
  readonly code: DecimalErrorCode;
  readonly message: string;
}

export type DecimalResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DecimalError };

export interface ParseDecimalOptions {
  /** A leading "-" is accepted. Off by default: amounts a person enters are not negative. */
  allowNegative?: boolean;
}

/**
 * The one form a decimal takes at an API boundary: digits, optionally a point and more digits,
 * optionally after a minus. No exponent ("1e3"), no plus, no spaces, no separators, no "12." or
 * ".5", no NaN or Infinity.
 */
const DECIMAL_FORMAT = /^(-?)(\d+)(?:\.(\d+))?$/;

export const decimalErrors = {
  empty: { code: 'empty', message: 'Enter an amount.' },
  format: { code: 'format', message: 'Enter a plain decimal number, such as 12.34.' },
  negative: { code: 'negative', message: 'Enter an amount that is not negative.' },
} as const satisfies Record<DecimalErrorCode, DecimalError>;

/** Reads a decimal string exactly, keeping every decimal it has ("1.50" → 150n at scale 2). */
export function parseDecimal(
  text: string,
  { allowNegative = false }: ParseDecimalOptions = {},
): DecimalResult<ScaledDecimal> {
  if (text === '') return { ok: false, error: decimalErrors.empty };
  const match = DECIMAL_FORMAT.exec(text);
  if (!match) return { ok: false, error: decimalErrors.format };
  const [, sign = '', whole = '', fraction = ''] = match;
  const magnitude = BigInt(whole + fraction);
  if (sign === '-' && !allowNegative) {
    return { ok: false, error: decimalErrors.negative };
  }
  return {
    ok: true,
    value: { units: sign === '-' ? -magnitude : magnitude, scale: fraction.length },
  };
}

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Expected a whole power, got ${n}`);
  return 10n ** BigInt(n);
}

/** `numerator / denominator` as an integer, rounded as asked; the denominator must be positive. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator <= 0n) throw new RangeError('Expected a positive denominator');
  const quotient = numerator / denominator; // truncated towards zero
  const remainder = numerator % denominator; // has the numerator's sign
  if (remainder === 0n) return quotient;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  switch (mode) {
    case 'floor':
      return numerator < 0n ? quotient - 1n : quotient;
    case 'ceil':
      return numerator < 0n ? quotient : quotient + 1n;
    case 'half-even': {
      const twice = 2n * (remainder < 0n ? -remainder : remainder);
      if (twice < denominator) return quotient;
      if (twice > denominator) return away;
      return quotient % 2n === 0n ? quotient : away;
    }
  }
}

/** The value at another scale: more decimals are exact, fewer are rounded as asked. */
export function rescale(
  value: ScaledDecimal,
  scale: number,
  mode: RoundingMode = 'half-even',
): ScaledDecimal {
  if (scale >= value.scale) {
    return { units: value.units * pow10(scale - value.scale), scale };
  }
  return { units: divideRounded(value.units, pow10(value.scale - scale), mode), scale };
}

/** Exactly `scale` decimals: 1234n at scale 2 is "12.34", -5n is "-0.05", 100n at 0 is "100". */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** The shortest form of a value: no trailing zeros after the point ("7.90" → "7.9", "5.0" → "5"). */
export function formatScaledShortest({ units, scale }: ScaledDecimal): string {
  let trimmedUnits = units;
  let trimmedScale = scale;
  while (trimmedScale > 0 && trimmedUnits % 10n === 0n) {
    trimmedUnits /= 10n;
    trimmedScale -= 1;
  }
  return formatScaled(trimmedUnits, trimmedScale);
}

/** -1, 0 or 1 as a is below, equal to or above b, whatever their scales. */
export function compareScaled(a: ScaledDecimal, b: ScaledDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = rescale(a, scale).units;
  const right = rescale(b, scale).units;
  return left < right ? -1 : left > right ? 1 : 0;
}
