import { floatsOf } from '@boon/billing';
import type { BulkEstimate, BulkEstimateRequest } from '@boon/contracts';
import { floatBalance, itemsPerOrder } from '@boon/domain';
import { AppError } from '@boon/service-kit';
import type { OrderingDeps } from '../deps.js';
import { paymentOf } from '../orders/create-order.js';
import { amount } from '../orders/order-repository.js';
import { checkBulkPayFrom } from './bulk-payment.js';
import { checkReward } from './check-reward.js';

interface CurrencySum {
  faceValue: bigint;
  discount: bigint;
  fees: bigint;
  total: bigint;
  items: number;
  orders: number;
  /** Paid from another currency's balance: the rate, and the sums in the paying currency. */
  fx?: { currency: string; rate: string; exchanged: bigint; fee: bigint; total: bigint };
}

/**
 * POST /bulk-orders/estimate: per currency, what the rewards cost with the customer's discount,
 * how many orders they make under the order limits, and the exchange where another currency's
 * balance pays them; then each paying balance before and after everything it pays. Every group
 * is checked by the order rules; nothing is written.
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
  checkBulkPayFrom(body.payFrom, profile);
  const products = await deps.products([...new Set(body.groups.map((g) => g.productCode))]);
  const sums = new Map<string, CurrencySum>();
  const problems: { path: string; message: string }[] = [];
  body.groups.forEach((group, index) => {
    const check = checkReward(group, profile, products, now, body.payFrom);
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
    // Priced as the orders will be paid (paymentOf), each reward exchanged on its own: the sums
    // are exact too.
    const fx = paymentOf(
      { currency: group.currency, payFrom: body.payFrom?.[group.currency] },
      profile,
      check,
      group.count,
      `body.payFrom.${group.currency}`,
    );
    if (fx) {
      sum.fx = {
        currency: fx.currency,
        rate: fx.rate,
        exchanged: (sum.fx?.exchanged ?? 0n) + fx.exchanged.minor,
        fee: (sum.fx?.fee ?? 0n) + fx.fee.minor,
        total: (sum.fx?.total ?? 0n) + fx.total.minor,
      };
    }
    sums.set(group.currency, sum);
  });
  if (problems.length > 0) throw new AppError('validation_error', problems);

  const taken = new Map<string, bigint>();
  for (const [currency, sum] of sums) {
    const pay = sum.fx?.currency ?? currency;
    taken.set(pay, (taken.get(pay) ?? 0n) + (sum.fx?.total ?? sum.total));
  }
  const floats = await floatsOf(deps.db, customerId);
  const balances = [...taken].map(([currency, total]) => {
    const float = floats.find((account) => account.currency === currency);
    const available = float ? floatBalance(float).available : 0n;
    const after = available - total;
    return {
      currency,
      available: amount(currency, available),
      total: amount(currency, total),
      after: amount(currency, after),
      sufficient: after >= 0n,
    };
  });
  const currencies = [...sums].map(([currency, sum]) => ({
    currency,
    items: sum.items,
    orders: sum.orders,
    faceValue: amount(currency, sum.faceValue),
    discount: amount(currency, sum.discount),
    fees: amount(currency, sum.fees),
    total: amount(currency, sum.total),
    payment: sum.fx
      ? {
          currency: sum.fx.currency,
          rate: sum.fx.rate,
          exchanged: amount(sum.fx.currency, sum.fx.exchanged),
          fee: amount(sum.fx.currency, sum.fx.fee),
          total: amount(sum.fx.currency, sum.fx.total),
        }
      : null,
  }));
  return { currencies, balances, sufficient: balances.every((balance) => balance.sufficient) };
}
