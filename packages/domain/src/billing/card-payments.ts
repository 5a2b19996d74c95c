import { currencyExponent } from '../money/currencies.js';
import { divideRounded, pow10 } from '../money/decimal-string.js';

/** Spec 5: the currencies a balance can be topped up in by card. */
export const CARD_PAYMENT_CURRENCIES = ['GBP', 'USD', 'EUR', 'CAD'] as const;
export type CardPaymentCurrency = (typeof CARD_PAYMENT_CURRENCIES)[number];

export function isCardPaymentCurrency(code: string): code is CardPaymentCurrency {
  return (CARD_PAYMENT_CURRENCIES as readonly string[]).includes(code);
}

/**
 * The card fee for customers with card fees on (spec 3's `cardFees`): 2.5% of what is added,
 * charged on top and rounded up to the currency's minor unit, so the fee revenue is never short
 * of the rate. In basis points, so the arithmetic stays in integers.
 */
export const CARD_FEE_BASIS_POINTS = 250n;

/** The most one card payment may add, in whole units of its currency; more goes by bank. */
export const CARD_TOP_UP_MAX_UNITS = 25_000n;

export interface CardCharge {
  /** What the balance receives, minor units. */
  amount: bigint;
  /** The card fee, minor units (0 without card fees). */
  fee: bigint;
  /** What the card is charged: amount and fee. */
  total: bigint;
}

/** What a card top-up of `amount` (minor units) charges, with or without the card fee. */
export function cardCharge(amount: bigint, cardFees: boolean): CardCharge {
  if (amount <= 0n) throw new RangeError('A card top-up adds more than nothing');
  const fee = cardFees ? divideRounded(amount * CARD_FEE_BASIS_POINTS, 10_000n, 'ceil') : 0n;
  return { amount, fee, total: amount + fee };
}

/** The largest card top-up in `currency`, minor units. */
export function cardTopUpMaxMinor(currency: string): bigint {
  return CARD_TOP_UP_MAX_UNITS * pow10(currencyExponent(currency));
}
