import { floatsOf } from '@boon/billing';
import type { BulkEstimate, BulkEstimateRequest } from '@boon/contracts';
import { floatBalance, itemsPerOrder } from '@boon/domain';
import { AppError } from '@boon/service-kit';
import type { OrderingDeps } from '../deps.js';
import { amount } from '../orders/order-repository.js';
import { checkReward } from './check-reward.js';

interface CurrencySum {
  faceValue: bigint;
  discount: bigint;
  fees: bigint;
  total: bigint;
  items: number;
  orders: number;
}

/**
 * POST /bulk-orders/estimate: per currency, what the rewards cost with the
 * customer's discount, how many orders they make under the order limits, and each paying balance
 * before and after. Every group is checked by the order rules; nothing is written.
 */
export async function estimateBulkOrder(
  customerId: string,
  body: BulkEstimateRequest,
  deps: OrderingDeps,
): Promise<BulkEstimate> {
  const now = new Date();
  const profile = await deps.orderingProfile(customerId);
  if (!profile) throw new AppError('no_customers_found');
  if (!profile.balancesEnabled) throw new AppError('balances_not_enabled');
  const products = await deps.products([...new Set(body.groups.map((g) => g.productCode))]);
  const sums = new Map<string, CurrencySum>();
  const problems: { path: string; message: string }[] = [];
  body.groups.forEach((group, index) => {
    const check = checkReward(group, profile, products, now);
    if (!check.ok) {
      problems.push({ path: `body.groups.${index}.${check.field}`, message: check.message });
      return;
    }
    const sum = sums.get(group.currency) ?? {
      faceValue: 0n,
      discount: 0n,
      fees: 0n,
      total: 0n,
      items: 0,
      orders: 0,
    };
    const count = BigInt(group.count);
    // An order's price is its rewards' (each rounded on its own): the sums are exact.
    sum.faceValue += check.item.faceValue * count;
    sum.discount += check.item.discount * count;
    sum.fees += check.item.fees * count;
    sum.total += check.item.total * count;
    sum.items += group.count;
    sum.orders += Math.ceil(group.count / itemsPerOrder(check.faceValue, group.currency, profile));
    sums.set(group.currency, sum);
  });
  if (problems.length > 0) throw new AppError('validation_error', problems);
  const floats = await floatsOf(deps.db, customerId);
  const currencies = [...sums].map(([currency, sum]) => {
    const float = floats.find((account) => account.currency === currency);
    const available = float ? floatBalance(float).available : 0n;
    const after = available - sum.total;
    return {
      currency,
      items: sum.items,
      orders: sum.orders,
      faceValue: amount(currency, sum.faceValue),
      discount: amount(currency, sum.discount),
      fees: amount(currency, sum.fees),
      total: amount(currency, sum.total),
      available: amount(currency, available),
      after: amount(currency, after),
      sufficient: after >= 0n,
    };
  });
  return { currencies, sufficient: currencies.every((entry) => entry.sufficient) };
}
