/** A product's values, in the currency's minor units (contracts' Denominations, parsed). */
export type MinorDenominations =
  | { type: 'fixed'; values: readonly bigint[] }
  | { type: 'open'; min: bigint; max: bigint; step: bigint };

/**
 * Whether a reward of `value` minor units can be bought: one of a fixed list, or within an open
 * range on its step from the minimum (a 5–500 range with step 5 takes 25, not 27).
 */
export function offersValue(denominations: MinorDenominations, value: bigint): boolean {
  if (denominations.type === 'fixed') return denominations.values.includes(value);
  const { min, max, step } = denominations;
  if (value < min || value > max) return false;
  return step <= 0n || (value - min) % step === 0n;
}

/** The values a person may choose, described for an error message: "10, 25 or 50", "5 to 500". */
export function describeValues(
  denominations: MinorDenominations,
  format: (minor: bigint) => string,
): string {
  if (denominations.type === 'open') {
    const range = `${format(denominations.min)} to ${format(denominations.max)}`;
    return denominations.step > 1n ? `${range}, in steps of ${format(denominations.step)}` : range;
  }
  const shown = denominations.values.map(format);
  if (shown.length === 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1] ?? ''}`;
}
