import { describe, expect, it } from 'vitest';
import { BULK_ORDER_ITEMS_MAX, groupBulkRows, itemsPerOrder, type BulkRowKey } from './bulk-orders';

describe('itemsPerOrder', () => {
  const limits = { orderLimits: [{ currency: 'USD', maxOrderValue: '1000.00' }] };
  it.each([
    ['no limits at all', 2500n, 'USD', { orderLimits: null }, BULK_ORDER_ITEMS_MAX],
    ['a limit in another currency', 2500n, 'GBP', limits, 200],
    ['40 rewards of 25 USD under a 1,000 USD limit', 2500n, 'USD', limits, 40],
    ['a limit that is not a whole number of rewards', 3000n, 'USD', limits, 33],
    ['small rewards: still at most 200', 100n, 'USD', limits, 200],
    ['one reward over the limit: 1, for the rules to refuse', 150000n, 'USD', limits, 1],
  ] as const)('%s', (_what, faceValue, currency, profile, expected) => {
    expect(itemsPerOrder(faceValue, currency, profile)).toBe(expected);
  });
});

describe('groupBulkRows', () => {
  const row = (overrides: Partial<BulkRowKey> = {}): BulkRowKey => ({
    productCode: 'COFFEE-US',
    currency: 'USD',
    faceValue: 2500n,
    message: null,
    deliverAt: null,
    ...overrides,
  });

  it.each([
    ['one order for rows that agree', [row(), row(), row()], 200, [[0, 1, 2]]],
    ['orders of at most the size', [row(), row(), row(), row(), row()], 2, [[0, 1], [2, 3], [4]]],
    [
      'an order per merchant, value and currency, in order of first appearance',
      [
        row(),
        row({ productCode: 'BOOKS-US' }),
        row({ faceValue: 1000n }),
        row(),
        row({ currency: 'GBP', productCode: 'TEA-GB' }),
      ],
      200,
      [[0, 3], [1], [2], [4]],
    ],
    [
      'rows with their own message or delivery time apart',
      [
        row({ message: { header: 'Hi', body: 'Thanks', colour: '#000000' } }),
        row(),
        row({ message: { colour: '#000000', body: 'Thanks', header: 'Hi' } }),
        row({ deliverAt: '2026-12-01T09:00:00.000Z' }),
      ],
      200,
      [[0, 2], [1], [3]],
    ],
    ['nothing for no rows', [], 200, []],
  ] as const)('%s', (_what, rows, size, expected) => {
    expect(groupBulkRows(rows, () => size)).toEqual(expected);
  });

  it('keeps every row exactly once, 50,000 of them', () => {
    const rows = Array.from({ length: 50_000 }, (_, n) =>
      row({
        faceValue: BigInt(1000 + (n % 7) * 500),
        productCode: n % 3 ? 'COFFEE-US' : 'BOOKS-US',
      }),
    );
    const orders = groupBulkRows(rows, () => 200);
    expect(orders.every((order) => order.length <= 200)).toBe(true);
    expect(orders.flat().sort((a, b) => a - b)).toEqual(rows.map((_, n) => n));
  });
});
