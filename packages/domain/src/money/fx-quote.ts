import { Decimal } from 'decimal.js';
import { requireCurrencyCode } from './currencies.js';
import type { Money } from './money.js';
import { convertMoney, invertRate, parseRate } from './rates.js';

/**
 * Boon FX's arithmetic: the customer's rate is the mid rate less a spread, and a
 * fee is charged on top of the amount exchanged. Every amount is minor units; the rate is the one
 * decimal, rounded to 10 significant digits; the customer never receives more than the rate
 * gives (floor) nor pays less than it needs (ceil).
 */
export const FX_SPREAD = '0.005';
export const FX_FEE_RATE = '0.0025';

const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN });

/**
 * What one unit of `sell` buys of `buy` for the customer: the mid rate from two rates against a
 * common base (units of the currency per US dollar), less the spread.
 */
export function customerRate(sellPerBase: string, buyPerBase: string, spread = FX_SPREAD): string {
  for (const rate of [sellPerBase, buyPerBase]) {
    if (!parseRate(rate).ok) throw new RangeError(`Invalid rate "${rate}"`);
  }
  return new Exact(buyPerBase)
    .div(new Exact(sellPerBase))
    .times(new Exact(1).minus(new Exact(spread)))
    .toSignificantDigits(10, Decimal.ROUND_HALF_EVEN)
    .toFixed();
}

export interface FxQuoteAmounts {
  /** Debited from the sell balance: exchanged plus fee. */
  sell: Money;
  /** The part of `sell` converted at the rate. */
  exchanged: Money;
  fee: Money;
  /** Credited to the buy balance. */
  buy: Money;
}

/** The fee on an exchanged amount, half-even in its minor units. */
function feeOn(exchanged: Money, feeRate: string): Money {
  const minor = new Exact(exchanged.minor.toString())
    .times(new Exact(feeRate))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN)
    .toFixed(0);
  return { currency: exchanged.currency, minor: BigInt(minor) };
}

/** Selling `sell` (fee included): what is exchanged, the fee and what arrives. */
export function quoteSelling(
  sell: Money,
  buyCurrency: string,
  rate: string,
  feeRate = FX_FEE_RATE,
): FxQuoteAmounts {
  requireCurrencyCode(buyCurrency);
  // The largest exchanged amount whose fee still fits: exchanged + fee(exchanged) <= sell.
  let exchanged = convertMoney(
    sell,
    invertRate(new Exact(1).plus(new Exact(feeRate)).toFixed(), 20),
    sell.currency,
    'floor',
  );
  while (exchanged.minor + feeOn(exchanged, feeRate).minor > sell.minor) {
    exchanged = { ...exchanged, minor: exchanged.minor - 1n };
  }
  const fee = { currency: sell.currency, minor: sell.minor - exchanged.minor };
  return { sell, exchanged, fee, buy: convertMoney(exchanged, rate, buyCurrency, 'floor') };
}

/** Buying exactly `buy`: the least exchanged amount that yields it, its fee and the total to sell. */
export function quoteBuying(
  buy: Money,
  sellCurrency: string,
  rate: string,
  feeRate = FX_FEE_RATE,
): FxQuoteAmounts {
  const sellCode = requireCurrencyCode(sellCurrency);
  let exchanged = convertMoney(buy, invertRate(rate, 20), sellCode, 'ceil');
  while (convertMoney(exchanged, rate, buy.currency, 'floor').minor < buy.minor) {
    exchanged = { ...exchanged, minor: exchanged.minor + 1n };
  }
  const fee = feeOn(exchanged, feeRate);
  return {
    sell: { currency: sellCode, minor: exchanged.minor + fee.minor },
    exchanged,
    fee,
    // Exactly what was asked for: the least exchanged amount buys at least that, and any fraction
    // of a minor unit beyond it is rounding, not the customer's.
    buy,
  };
}
