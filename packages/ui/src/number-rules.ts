/** Keeps a value within the limits that are given. */
export function clamp(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/**
 * Rounds towards negative infinity at `fractionDigits` places. The product is trimmed to 15
 * significant digits first, because binary floats put 1.15 * 100 at 114.999…, which a plain
 * floor would take down to 1.14.
 */
export function roundDown(value: number, fractionDigits: number): number {
  const scale = 10 ** fractionDigits;
  return Math.floor(Number((value * scale).toPrecision(15))) / scale;
}

/** How many decimals a currency has, e.g. 2 for USD, 0 for JPY, 3 for BHD. */
export function currencyFractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

export interface NumberRules {
  min?: number;
  max?: number;
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

/** A typed number as the field reports it: rounded down first, then held within the limits. */
export function normalizeNumber(value: number, rules: NumberRules): number {
  const digits = keptFractionDigits(rules);
  const rounded = digits === undefined ? value : roundDown(value, digits);
  return clamp(rounded, rules.min, rules.max);
}

/** Text that is, or is on its way to being, a plain decimal number ("", "-", "12.", "-0.5"). */
export function isNumberDraft(text: string, allowNegative: boolean): boolean {
  return (allowNegative ? /^-?\d*\.?\d*$/ : /^\d*\.?\d*$/).test(text);
}

/** The value of a draft: null while it holds no number yet ("", "-", "."). */
export function parseNumberDraft(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** How a value reads in the field when not being edited: currency values with their decimals. */
export function formatNumber(value: number | null | undefined, currency?: string): string {
  if (value === null || value === undefined) return '';
  return currency ? value.toFixed(currencyFractionDigits(currency)) : String(value);
}
