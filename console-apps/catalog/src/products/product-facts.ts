import type {
  Denominations,
  ExpiryPolicy,
  ProductCategory,
  ProductState,
  ProductSummary,
} from '@boon/contracts';
import { formatAmount } from '@boon/console-kit';
import { allCountries, compareScaled, parseDecimal } from '@boon/domain';
import type { BadgeTone } from '@boon/ui';

const categoryLabels: Record<ProductCategory, string> = {
  food_and_drink: 'Food & drink',
  fashion: 'Fashion',
  electronics: 'Electronics',
  travel: 'Travel',
  entertainment: 'Entertainment',
  home: 'Home',
  health_and_beauty: 'Health & beauty',
  groceries: 'Groceries',
  gaming: 'Gaming',
  sports: 'Sports',
  books_and_music: 'Books & music',
  charity: 'Charity',
};

export function categoryLabel(category: ProductCategory): string {
  return categoryLabels[category];
}

/** A product's state in a buyer's words, and the badge colour that goes with them. */
export const productStateLabels: Record<ProductState, { label: string; tone: BadgeTone }> = {
  LIVE: { label: 'Available', tone: 'success' },
  TEMPORARILY_DISABLED: { label: 'Temporarily unavailable', tone: 'danger' },
  TEMPORARILY_DEGRADED: { label: 'Delayed delivery', tone: 'brand' },
};

/** Whether a reward of this product can be sent now: live, or live but slow to issue. */
export function isOrderable(product: Pick<ProductSummary, 'state'>): boolean {
  return product.state === 'LIVE' || product.state === 'TEMPORARILY_DEGRADED';
}

/** The country's English name ("United States"), or its code when the product does not know it. */
export function countryName(isoCode: string): string {
  return allCountries.find((country) => country.isoCode === isoCode)?.label ?? isoCode;
}

/** "United States, Canada and 3 more": the first `shown` names, then how many others. */
export function countriesSummary(codes: readonly string[], shown = 2): string {
  const names = codes.map(countryName);
  if (names.length <= shown + 1) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** Decimal strings from least to greatest, compared exactly (never as JS numbers). */
function sortedDecimals(values: readonly string[]): string[] {
  const parsed = values.flatMap((text) => {
    const decimal = parseDecimal(text);
    return decimal.ok ? [{ text, decimal: decimal.value }] : [];
  });
  return parsed.sort((a, b) => compareScaled(a.decimal, b.decimal)).map((entry) => entry.text);
}

/** A fixed list's values in order, each as money: ["$10.00", "$25.00"]. */
export function fixedValues(denominations: Denominations & { type: 'fixed' }, currency: string) {
  return sortedDecimals(denominations.values).map((value) => formatAmount(value, currency));
}

/**
 * What a reward can be worth, in one line: "$10.00, $25.00 or $50.00", "$10.00 to $500.00" or,
 * for a long list, "$5.00 to $200.00 (8 values)". Amounts are the API's decimal strings, shown
 * with the console's money formatter; the only comparison is exact (sortedDecimals).
 */
export function valueSummary(denominations: Denominations, currency: string): string {
  if (denominations.type === 'open') {
    return `${formatAmount(denominations.min, currency)} to ${formatAmount(denominations.max, currency)}`;
  }
  const values = fixedValues(denominations, currency);
  if (values.length > 4) return `${values[0]} to ${values.at(-1)} (${values.length} values)`;
  if (values.length === 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** "In steps of $1.00" for an open range, or nothing for a fixed list. */
export function stepSummary(denominations: Denominations, currency: string): string | undefined {
  return denominations.type === 'open'
    ? `In steps of ${formatAmount(denominations.step, currency)}`
    : undefined;
}

/** Where a reward can be spent: "Online and in store", "Online only", "In store only". */
export function redeemableSummary({ online, inStore }: ProductSummary['redeemable']): string {
  if (online && inStore) return 'Online and in store';
  if (online) return 'Online only';
  if (inStore) return 'In store only';
  return 'Ask the merchant';
}

/** How long a reward stays usable. */
export function expirySummary(policy: ExpiryPolicy): string {
  if (policy.type === 'never') return 'Never expires';
  return policy.months === 1
    ? 'Expires 1 month after it is issued'
    : `Expires ${policy.months} months after it is issued`;
}

/** "4.5% discount": the merchant's discount to the network, as the API states it. */
export function discountSummary(discountPercent: string): string {
  return `${discountPercent}% discount`;
}
