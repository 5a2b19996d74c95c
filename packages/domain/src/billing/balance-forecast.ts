/**
 * How long a balance lasts at the pace of the last 30 days' spending. Both amounts
 * are minor units of one currency. Undefined when nothing was spent (no pace to go by) or nothing
 * is left to spend; otherwise whole days, rounded down, so "about N days" never promises more.
 */
export const FORECAST_WINDOW_DAYS = 30;

export function daysUntilEmpty(available: bigint, spentInWindow: bigint): number | undefined {
  if (spentInWindow <= 0n || available <= 0n) return undefined;
  return Number((available * BigInt(FORECAST_WINDOW_DAYS)) / spentInWindow);
}

/**
 * Whether a balance is low: under the customer's threshold for its currency, when one is set
 * (spec 2.6's balance warning thresholds; the low-balance badge toggle decides if it shows).
 */
export function isLowBalance(available: bigint, threshold: bigint | undefined): boolean {
  return threshold !== undefined && available < threshold;
}
