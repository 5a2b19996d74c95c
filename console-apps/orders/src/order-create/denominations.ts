import type { ProductSummary } from '@boon/contracts';
import { formatAmount } from '@boon/console-kit';
import {
  describeValues,
  moneyFromMinor,
  offersValue,
  parseMoney,
  toDecimalString,
  type MinorDenominations,
} from '@boon/domain';

function minor(value: string, currency: string): bigint | null {
  const parsed = parseMoney(value, currency);
  return parsed.ok ? parsed.value.minor : null;
}

/**
 * Each product's denominations in minor units, worked out once: a bulk order's check asks for the
 * same merchant's up to 50,000 times.
 */
const minorDenominationsOf = new WeakMap<ProductSummary, MinorDenominations | null>();

/** A product's denominations in minor units, or null if the catalogue's values do not parse. */
export function minorDenominations(product: ProductSummary): MinorDenominations | null {
  let known = minorDenominationsOf.get(product);
  if (known === undefined) {
    known = denominationsInMinor(product);
    minorDenominationsOf.set(product, known);
  }
  return known;
}

function denominationsInMinor(product: ProductSummary): MinorDenominations | null {
  const { denominations, currency } = product;
  if (denominations.type === 'fixed') {
    const values = denominations.values.map((value) => minor(value, currency));
    return values.every((value) => value !== null)
      ? { type: 'fixed', values: values as bigint[] }
      : null;
  }
  const [min, max, step] = [denominations.min, denominations.max, denominations.step].map((value) =>
    minor(value, currency),
  );
  return min != null && max != null && step != null ? { type: 'open', min, max, step } : null;
}

/** The values a merchant offers, as a sentence's end: "$10.00, $25.00 or $50.00", "$5.00 to $500.00". */
export function valuesText(product: ProductSummary): string {
  const denominations = minorDenominations(product);
  if (!denominations) return product.currency;
  return describeValues(denominations, (value) =>
    formatAmount(toDecimalString(moneyFromMinor(product.currency, value)), product.currency),
  );
}

/**
 * The first merchant that does not offer `faceValue`, with the sentence saying what it offers;
 * undefined when every one does (or the value is not a valid amount yet, which its field says).
 */
export function denominationProblem(
  products: readonly ProductSummary[],
  faceValue: string,
): string | undefined {
  for (const product of products) {
    const value = minor(faceValue, product.currency);
    const denominations = minorDenominations(product);
    if (value === null || !denominations) continue;
    if (!offersValue(denominations, value)) {
      return `${product.name} offers ${valuesText(product)}.`;
    }
  }
  return undefined;
}
