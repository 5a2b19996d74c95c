import { parseMoney } from '../money/money.js';
import type { OrderingProfile } from './order-rules.js';

/** Spec 5: at most 200 rewards in one order, which a bulk order's orders keep too. */
export const BULK_ORDER_ITEMS_MAX = 200;

/** What makes two spreadsheet rows rewards of the same order. */
export interface BulkRowKey {
  productCode: string;
  currency: string;
  /** Minor units. */
  faceValue: bigint;
  /** The recipients' message, if the row has its own. */
  message: unknown;
  /** An ISO instant, if the row is scheduled. */
  deliverAt: string | null;
}

/**
 * How many rewards of `faceValue` one order may hold: 200, or fewer where the customer's order
 * limit for the currency (spec 5, on the order's face value) would be passed. At least 1: a
 * single reward over the limit is refused by the order's own rules.
 */
export function itemsPerOrder(
  faceValue: bigint,
  currency: string,
  profile: Pick<OrderingProfile, 'orderLimits'>,
): number {
  const limit = profile.orderLimits?.find((entry) => entry.currency === currency);
  const max = limit ? parseMoney(limit.maxOrderValue, currency) : undefined;
  if (!max?.ok || faceValue <= 0n) return BULK_ORDER_ITEMS_MAX;
  const fits = max.value.minor / faceValue;
  return Number(fits < 1n ? 1n : fits < BigInt(BULK_ORDER_ITEMS_MAX) ? fits : BULK_ORDER_ITEMS_MAX);
}

/** A key's rows' message as one string, so rows with equal messages share their orders. */
function messageKey(message: unknown): string {
  if (message === null || message === undefined) return '';
  const { header, body, colour } = message as {
    header?: unknown;
    body?: unknown;
    colour?: unknown;
  };
  return JSON.stringify([header, body, colour]);
}

/**
 * A bulk order's rows as orders: rows that agree on merchant, currency, value,
 * message and delivery time go together, in spreadsheet order, split into orders of at most
 * `sizeOf(key)` rewards. Answers the rows' indexes, order by order, in the order each group
 * first appears.
 */
export function groupBulkRows<R extends BulkRowKey>(
  rows: readonly R[],
  sizeOf: (key: R) => number,
): number[][] {
  const groups = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const key = [
      row.productCode,
      row.currency,
      row.faceValue.toString(),
      messageKey(row.message),
      row.deliverAt ?? '',
    ].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  const orders: number[][] = [];
  for (const indexes of groups.values()) {
    const size = Math.max(1, sizeOf(rows[indexes[0]!]!));
    for (let i = 0; i < indexes.length; i += size) orders.push(indexes.slice(i, i + size));
  }
  return orders;
}
