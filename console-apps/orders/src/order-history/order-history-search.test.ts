import { describe, expect, it } from 'vitest';
import { orderListQuery, parseOrderHistorySearch } from './order-history-search';
import { readStoredFilters, storeFilters } from './stored-filters';

describe("Order history's address", () => {
  it.each([
    [{}, {}],
    [{ status: 'COMPLETED' }, { status: 'COMPLETED' }],
    [{ status: 'open' }, {}],
    [{ from: '2026-11-01', to: 'yesterday' }, { from: '2026-11-01' }],
    [{ minValue: 50, maxValue: '1e9' }, { minValue: '50' }],
    [{ products: 'COFFEE-US,=cmd,BOOKS-US' }, { products: 'COFFEE-US,BOOKS-US' }],
    [{ sort: '-total' }, { sort: '-total' }],
    [{ sort: 'name' }, {}],
    [{ search: 123 }, { search: '123' }],
    [{ batchId: 'BB-01JX4Q2M7ZK3' }, { batchId: 'BB-01JX4Q2M7ZK3' }],
    [{ batchId: 'BB-1' }, {}],
    [{ batchId: "BB-01JX4Q2M7ZK3' or 1=1" }, {}],
  ])('%j reads as %j', (search, parsed) => {
    expect(parseOrderHistorySearch(search)).toEqual(parsed);
  });

  it.each([
    [{}, { sort: 'createdAt', direction: 'desc' }],
    [{ sort: 'total' }, { sort: 'total', direction: 'asc' }],
    [
      { sort: '-total', status: 'FAILED', cursor: 'abc' },
      { sort: 'total', direction: 'desc', status: 'FAILED', cursor: 'abc' },
    ],
    [
      { batchId: 'BB-01JX4Q2M7ZK3' },
      { sort: 'createdAt', direction: 'desc', batchId: 'BB-01JX4Q2M7ZK3' },
    ],
  ] as const)('%j asks GET /orders for %j', (search, query) => {
    expect(orderListQuery(search)).toEqual(query);
  });

  it('keeps the filters, not the sort or page, in local storage', () => {
    storeFilters({ status: 'COMPLETED', sort: '-total', cursor: 'abc' });
    expect(localStorage.getItem('boon.order-history-filters')).toBe('{"status":"COMPLETED"}');
    expect(readStoredFilters()).toEqual({ status: 'COMPLETED' });
    // A bulk order comes from a link: a later visit does not open on it.
    storeFilters({ status: 'COMPLETED', batchId: 'BB-01JX4Q2M7ZK3' });
    expect(readStoredFilters()).toEqual({ status: 'COMPLETED' });
    storeFilters({ sort: 'total' });
    expect(localStorage.getItem('boon.order-history-filters')).toBeNull();
    localStorage.setItem('boon.order-history-filters', 'not json');
    expect(readStoredFilters()).toEqual({});
  });
});
