import { formatDecimalMoney } from '@boon/domain';
import { browserLocale } from './dates';

/**
 * The console's one way to show an amount the API sent (a decimal string, spec 9): the narrow
 * symbol, the currency's own decimals rounded half-even, the browser's language. An amount that
 * is not a decimal string, or a currency the product does not know, is shown as it came
 * ("12.3.4 XYZ") rather than as a guess, so a wrong figure never looks like a right one.
 */
export function formatAmount(
  amount: string,
  currency: string,
  locale: string | undefined = browserLocale(),
): string {
  const formatted = formatDecimalMoney(amount, currency, locale ?? 'en');
  return formatted.ok ? formatted.value : `${amount} ${currency}`;
}
