import { quoteBuying } from './fx-quote.js';
import type { Money } from './money.js';

/**
 * An order paid from a balance in another currency ("with the FX rate when the
 * order's currency is not a float the customer holds"). Each reward is bought on its own, as a
 * Boon FX quote buying exactly its total, so a reward cancelled or expired gives back exactly
 * what it held, and the order's amounts are the reward's times the count, never rounded twice.
 */
export interface OrderFxPayment {
  /** Units of the order's currency one unit of the paying currency buys (the customer's rate). */
  rate: string;
  /** One reward's share, in the paying currency: exchanged + fee = total. */
  item: { exchanged: Money; fee: Money; total: Money };
  /** The whole order's, in the paying currency. */
  exchanged: Money;
  fee: Money;
  total: Money;
}

export function orderFxPayment(
  /** What one reward costs in the order's currency (face value less discount, plus fees). */
  itemTotal: Money,
  itemCount: number,
  payCurrency: string,
  rate: string,
): OrderFxPayment {
  if (!Number.isInteger(itemCount) || itemCount < 0) {
    throw new RangeError(`Invalid item count ${itemCount}`);
  }
  const quote = quoteBuying(itemTotal, payCurrency, rate);
  const times = (money: Money): Money => ({
    currency: money.currency,
    minor: money.minor * BigInt(itemCount),
  });
  return {
    rate,
    item: { exchanged: quote.exchanged, fee: quote.fee, total: quote.sell },
    exchanged: times(quote.exchanged),
    fee: times(quote.fee),
    total: times(quote.sell),
  };
}
