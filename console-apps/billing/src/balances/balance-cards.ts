import type { Balance } from '@boon/contracts';
import {
  daysUntilEmpty,
  floatCurrency,
  isLowBalance,
  parseMoney,
  type FloatCurrency,
} from '@boon/domain';

/** One balance card: the currency, its amounts, and how long it lasts. */
export interface BalanceCard {
  currency: FloatCurrency;
  available: string;
  pending: string;
  /** Whether anything is on its way in, so "0.00 pending" is not shown. */
  hasPending: boolean;
  /** "Runs out in about N days" at the last 30 days' pace; undefined without spending. */
  runsOutInDays: number | undefined;
  /** Under the company's low-balance threshold for this currency (balance notifications). */
  low: boolean;
  /** That threshold, if set. */
  lowBalanceThreshold: string | null;
}

function minor(amount: string, currency: string): bigint {
  const parsed = parseMoney(amount, currency, { allowNegative: true });
  return parsed.ok ? parsed.value.minor : 0n;
}

/**
 * The cards to show: one per float the server reports, and one (at zero) for each currency the
 * customer may hold but has not funded yet, so a new balance is visible before its first top-up.
 * Alphabetical by code, as the balances answer is.
 */
export function balanceCards(
  balances: readonly Balance[],
  configuredFloats: readonly string[] = [],
): BalanceCard[] {
  const byCode = new Map(balances.map((balance) => [balance.currency, balance]));
  for (const code of configuredFloats) {
    if (!byCode.has(code)) {
      byCode.set(code, {
        currency: code,
        available: '0',
        pending: '0',
        spentLast30Days: '0',
        lowBalanceThreshold: null,
      });
    }
  }
  return [...byCode.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map((balance) => {
      const currency = floatCurrency(balance.currency) ?? {
        code: balance.currency as FloatCurrency['code'],
        title: balance.currency,
        flag: '',
        region: '',
        symbol: balance.currency,
      };
      return {
        currency,
        available: balance.available,
        pending: balance.pending,
        hasPending: minor(balance.pending, balance.currency) > 0n,
        runsOutInDays: daysUntilEmpty(
          minor(balance.available, balance.currency),
          minor(balance.spentLast30Days, balance.currency),
        ),
        low: isLowBalance(
          minor(balance.available, balance.currency),
          balance.lowBalanceThreshold === null
            ? undefined
            : minor(balance.lowBalanceThreshold, balance.currency),
        ),
        lowBalanceThreshold: balance.lowBalanceThreshold,
      };
    });
}

/** "Runs out in about 12 days at the last 30 days' pace", or nothing to say. */
export function forecastText(days: number | undefined): string | undefined {
  if (days === undefined) return undefined;
  if (days < 1) return "Runs out within a day at the last 30 days' pace";
  if (days > 365) return "Lasts more than a year at the last 30 days' pace";
  return `Runs out in about ${days} ${days === 1 ? 'day' : 'days'} at the last 30 days' pace`;
}
