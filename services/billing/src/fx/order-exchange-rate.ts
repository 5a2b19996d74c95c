import { customerRate } from '@boon/domain/rates';
import { shippedRateTable, type RateProvider } from './rate-table.js';

/**
 * Boon FX's rate for paying an order in `orderCurrency` from a balance in `payCurrency`: units of
 * the order's currency one unit of the paying one buys, the spread taken, as for a trade.
 * Undefined when either currency has no rate.
 */
export function orderExchangeRate(
  payCurrency: string,
  orderCurrency: string,
  rates: RateProvider = shippedRateTable,
): string | undefined {
  const payPerUsd = rates.perUsd(payCurrency);
  const orderPerUsd = rates.perUsd(orderCurrency);
  if (!payPerUsd || !orderPerUsd) return undefined;
  return customerRate(payPerUsd, orderPerUsd);
}
