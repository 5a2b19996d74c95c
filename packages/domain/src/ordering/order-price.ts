import { divideRounded, parseDecimal, pow10 } from '../money/decimal-string.js';

/** What one reward and the whole order cost, in the order currency's minor units. */
export interface OrderPrice {
  /** Per reward: its face value, the discount taken off it, and what the balance pays. */
  item: { faceValue: bigint; discount: bigint; fees: bigint; total: bigint };
  faceValue: bigint;
  discount: bigint;
  fees: bigint;
  total: bigint;
}

/**
 * The price of `quantity` rewards of `faceValue` minor units each: the customer's
 * discount is 1 − flatRateMultiplier (spec 3), worked out per reward and rounded half-even to the
 * currency's minor unit (spec 9), so an order's total is exactly the sum of its items'; paid from a
 * balance, an order carries no fees. A null multiplier is no discount.
 */
export function priceOrder(
  faceValue: bigint,
  quantity: number,
  flatRateMultiplier: string | null,
): OrderPrice {
  if (faceValue <= 0n) throw new RangeError('A face value is above zero');
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError('A quantity is 1 or more');
  const itemTotal = discounted(faceValue, flatRateMultiplier);
  const item = { faceValue, discount: faceValue - itemTotal, fees: 0n, total: itemTotal };
  const n = BigInt(quantity);
  return {
    item,
    faceValue: faceValue * n,
    discount: item.discount * n,
    fees: 0n,
    total: itemTotal * n,
  };
}

function discounted(faceValue: bigint, multiplier: string | null): bigint {
  if (multiplier === null) return faceValue;
  const parsed = parseDecimal(multiplier);
  if (!parsed.ok) throw new RangeError(`Not a discount multiplier: "${multiplier}"`);
  const { units, scale } = parsed.value;
  if (units <= 0n || units > pow10(scale)) {
    throw new RangeError(`A discount multiplier is above 0 and at most 1: "${multiplier}"`);
  }
  return divideRounded(faceValue * units, pow10(scale), 'half-even');
}
