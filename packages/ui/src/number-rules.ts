import {
  compareScaled,
  currencyExponent,
  formatScaled,
  formatScaledShortest,
  parseDecimal,
  rescale,
  type ScaledDecimal,
} from '@boon/domain';

/*
 * Spec 5's number field rules, on decimal strings ("12.34", "-0.5"), never JS floats: a value of
 * any size or any number of decimals stays exact.
 */

/** A decimal string read exactly; what is not one is a programming error here (limits, values). */
function read(text: string): ScaledDecimal {
  const parsed = parseDecimal(text, { allowNegative: true });
  if (!parsed.ok) throw new RangeError(`Not a decimal string: "${text}"`);
  return parsed.value;
}

/** Keeps a value within the limits that are given (decimal strings, compared exactly). */
export function clamp(value: string, min?: string, max?: string): string {
  if (min !== undefined && compareScaled(read(value), read(min)) < 0) return min;
  if (max !== undefined && compareScaled(read(value), read(max)) > 0) return max;
  return value;
}

/** Rounds towards negative infinity at `fractionDigits` places: "1.159" → "1.15", "-1.1" → "-2". */
export function roundDown(value: string, fractionDigits: number): string {
  const decimal = read(value);
  if (decimal.scale <= fractionDigits) return value;
  return formatScaled(rescale(decimal, fractionDigits, 'floor').units, fractionDigits);
}

/**
 * How many decimals a currency has: its ISO 4217 exponent from the domain's table (2 for USD, 0
 * for JPY, 3 for BHD). A code the table doesn't know throws, rather than passing for two.
 */
export function currencyFractionDigits(currency: string): number {
  return currencyExponent(currency);
}

export interface NumberRules {
  /** The least value, as a decimal string ("0.01"). */
  min?: string;
  /** The greatest value, as a decimal string ("100000"). */
  max?: string;
  /** Without decimals a value is rounded down to a whole number. */
  allowDecimals?: boolean;
  /** An ISO 4217 code: decimals, when allowed, stop at the currency's own fraction digits. */
  currency?: string;
}

/** The decimals a value may keep: none, the currency's, or any (undefined). */
export function keptFractionDigits({ allowDecimals, currency }: NumberRules): number | undefined {
  if (!allowDecimals) return 0;
  return currency ? currencyFractionDigits(currency) : undefined;
}

/** Whether the limits leave room below zero (then a minus may be typed). */
export function allowsNegative({ min }: NumberRules): boolean {
  return min === undefined || compareScaled(read(min), { units: 0n, scale: 0 }) < 0;
}

/**
 * A typed number as the field reports it: rounded down first, then held within the limits (a limit
 * with more decimals than the value may keep is rounded inwards, so the result obeys both). A
 * currency value has exactly the currency's decimals ("12.30", "1500" for JPY); any other value is
 * written in its shortest form ("7.9", "12").
 */
export function normalizeNumber(value: string, rules: NumberRules): string {
  const digits = keptFractionDigits(rules);
  let result = read(value);
  if (digits !== undefined && result.scale > digits) result = rescale(result, digits, 'floor');
  if (rules.min !== undefined && compareScaled(result, read(rules.min)) < 0) {
    const min = read(rules.min);
    result = digits === undefined || min.scale <= digits ? min : rescale(min, digits, 'ceil');
  }
  if (rules.max !== undefined && compareScaled(result, read(rules.max)) > 0) {
    const max = read(rules.max);
    result = digits === undefined || max.scale <= digits ? max : rescale(max, digits, 'floor');
  }
  if (rules.currency) {
    const exponent = currencyFractionDigits(rules.currency);
    return formatScaled(rescale(result, exponent, 'floor').units, exponent);
  }
  return formatScaledShortest(result);
}

/** Text that is, or is on its way to being, a plain decimal number ("", "-", "12.", "-0.5"). */
export function isNumberDraft(text: string, allowNegative: boolean): boolean {
  return (allowNegative ? /^-?\d*\.?\d*$/ : /^\d*\.?\d*$/).test(text);
}

/**
 * The value of a draft as a plain decimal string ("12." → "12", ".5" → "0.5", "-.5" → "-0.5");
 * null while it holds no number yet ("", "-", ".").
 */
export function parseNumberDraft(text: string): string | null {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || !/\d/.test(text)) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
}

/**
 * How a value reads in the field when not being edited: a currency value with exactly the
 * currency's decimals ("10" USD → "10.00"; more decimals than it has are rounded half-even, spec 9);
 * anything else as it is.
 */
export function formatNumber(value: string | null | undefined, currency?: string): string {
  if (value === null || value === undefined) return '';
  if (!currency) return value;
  const parsed = parseDecimal(value, { allowNegative: true });
  if (!parsed.ok) return value;
  const exponent = currencyFractionDigits(currency);
  return formatScaled(rescale(parsed.value, exponent, 'half-even').units, exponent);
}

/** Whether two values are the same number ("10" and "10.00" are); no value equals only no value. */
export function sameNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  const left = parseDecimal(a, { allowNegative: true });
  const right = parseDecimal(b, { allowNegative: true });
  return left.ok && right.ok && compareScaled(left.value, right.value) === 0;
}
