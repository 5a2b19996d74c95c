import type { ErrorCode, FieldError } from '@boon/contracts';
import { prohibitedCountryCodes } from '../countries.js';
import { featureFlaggedCurrencyDefaults } from '../currency.js';
import { isCurrencyCode } from '../money/currencies.js';
import { parseMoney, toDecimalString } from '../money/money.js';
import { describeValues, offersValue, type MinorDenominations } from './denominations.js';
import { priceOrder, type OrderPrice } from './order-price.js';

/** Spec 9: scheduled delivery goes at most this far ahead. */
export const DELIVER_AT_MAX_MS = 90 * 24 * 60 * 60 * 1000;

/** What ordering needs to know of the customer (customer management owns it). */
export interface OrderingProfile {
  customerId: string;
  name: string;
  /** Spec 8: no ordering at all. */
  orderingRestricted: boolean;
  /** Spec 8: no ordering from the console (the API still may). */
  portalOrderingRestricted: boolean;
  /** The customer's feature-flagged currency toggles (spec 5); unset ones take the defaults. */
  currencyToggles: Readonly<Record<string, boolean>>;
  /** The most one order may be worth per currency, decimal strings; null when none are set. */
  orderLimits: readonly { currency: string; maxOrderValue: string }[] | null;
  /** discountConfig.flatRateMultiplier, when the customer has a discount. */
  flatRateMultiplier: string | null;
}

/** What the rules need of a product (the catalogue owns it). */
export interface OrderableProduct {
  productCode: string;
  name: string;
  currency: string;
  countries: readonly string[];
  state: 'LIVE' | 'TEMPORARILY_DISABLED' | 'TEMPORARILY_DEGRADED';
  denominations: MinorDenominations;
}

export interface OrderRequest {
  productCodes: readonly string[];
  currency: string;
  faceValue: string;
  itemCount: number;
  deliverAt?: string | undefined;
  /** Where the order comes from: the console is PORTAL. */
  source: string;
}

export type OrderCheck =
  | { ok: true; price: OrderPrice; faceValue: bigint }
  | { ok: false; code: ErrorCode; fieldErrors?: FieldError[] };

const refuse = (code: ErrorCode, fieldErrors?: FieldError[]): OrderCheck =>
  fieldErrors ? { ok: false, code, fieldErrors } : { ok: false, code };

const field = (path: string, message: string): OrderCheck =>
  refuse('validation_error', [{ path, message }]);

/** Whether the customer may order in `currency` (spec 5's feature-flagged currencies). */
export function currencyEnabled(profile: OrderingProfile, currency: string): boolean {
  const flagged = featureFlaggedCurrencyDefaults[currency];
  if (flagged === undefined) return true;
  return profile.currencyToggles[currency] ?? flagged;
}

/**
 * Every rule of an order the server checks (spec 5, 6, 8, 9), in the order a person
 * would want to hear them: who may order, then the currency, the value, the merchants, the limit
 * and the schedule. `products` are the catalogue's answer for `request.productCodes` (a missing
 * code is an unknown product). The first broken rule is the answer.
 */
export function checkOrder(
  request: OrderRequest,
  profile: OrderingProfile,
  products: readonly OrderableProduct[],
  now: Date,
): OrderCheck {
  if (profile.orderingRestricted) return refuse('ordering_restricted');
  if (request.source === 'PORTAL' && profile.portalOrderingRestricted) {
    return refuse('portal_ordering_restricted');
  }
  const { currency } = request;
  if (!isCurrencyCode(currency)) return field('body.currency', `${currency} is not a currency.`);
  if (!currencyEnabled(profile, currency)) return refuse('order_currency_not_enabled');

  const parsed = parseMoney(request.faceValue, currency);
  if (!parsed.ok) return field('body.faceValue', parsed.error.message);
  const faceValue = parsed.value.minor;
  if (faceValue <= 0n) return field('body.faceValue', 'Enter a value of at least 0.01');

  const codePath = request.productCodes.length > 1 ? 'body.productCodes' : 'body.productCode';
  const byCode = new Map(products.map((product) => [product.productCode, product]));
  for (const code of request.productCodes) {
    const product = byCode.get(code);
    if (!product) {
      return refuse('product_not_found', [
        { path: codePath, message: `There is no merchant ${code} in the network.` },
      ]);
    }
    if (product.state === 'TEMPORARILY_DISABLED') {
      return refuse('product_unavailable', [
        {
          path: codePath,
          message: `${product.name} is temporarily unavailable. Choose another merchant, or try again later.`,
        },
      ]);
    }
    if (product.currency !== currency) {
      return field(codePath, `${product.name} is sold in ${product.currency}, not ${currency}.`);
    }
    if (!product.countries.some((country) => !isProhibited(country))) {
      return field(codePath, `${product.name} is not available in any country we serve.`);
    }
    if (!offersValue(product.denominations, faceValue)) {
      const values = describeValues(product.denominations, (minor) =>
        toDecimalString({ currency, minor }),
      );
      return field('body.faceValue', `${product.name} offers ${values} ${currency}.`);
    }
  }

  const price = priceOrder(faceValue, request.itemCount, profile.flatRateMultiplier);
  const limit = profile.orderLimits?.find((entry) => entry.currency === currency);
  if (limit) {
    const max = parseMoney(limit.maxOrderValue, currency);
    if (max.ok && price.faceValue > max.value.minor) return refuse('order_limit_exceeded');
  }

  if (request.deliverAt !== undefined) {
    const problem = deliverAtProblem(request.deliverAt, now);
    if (problem) return field('body.deliverAt', problem);
  }
  return { ok: true, price, faceValue };
}

/**
 * What is wrong with a scheduled delivery time (an ISO instant) at `now`, in words for the
 * field; undefined when it may be used. A minute in the past still passes: the time a person
 * picked was ahead when they picked it.
 */
export function deliverAtProblem(deliverAt: string, now: Date): string | undefined {
  const at = Date.parse(deliverAt);
  if (Number.isNaN(at)) return 'Enter a date and time.';
  if (at < now.getTime() - 60_000) return 'Choose a delivery time that is not in the past.';
  if (at > now.getTime() + DELIVER_AT_MAX_MS) {
    return 'Choose a delivery time at most 90 days ahead.';
  }
  return undefined;
}

function isProhibited(country: string): boolean {
  return (prohibitedCountryCodes as readonly string[]).includes(country);
}
