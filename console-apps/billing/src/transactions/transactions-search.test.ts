import { describe, expect, it } from 'vitest';
import { parseTransactionsSearch } from './transactions-search';

describe('parseTransactionsSearch', () => {
  it('keeps valid filters', () => {
    expect(
      parseTransactionsSearch({
        from: '2026-11-01',
        to: '2026-11-30',
        type: 'TOP_UP',
        currency: 'GBP',
        direction: 'CREDIT',
        search: 'TU-1',
        sort: 'oldest',
      }),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      type: 'TOP_UP',
      currency: 'GBP',
      direction: 'CREDIT',
      search: 'TU-1',
      sort: 'oldest',
    });
  });

  it('drops what is not valid', () => {
    expect(
      parseTransactionsSearch({
        from: '1/11/2026',
        type: 'REFUND',
        currency: 'gbp',
        direction: 'UP',
        sort: 'newest',
        search: '',
      }),
    ).toEqual({});
  });
});
