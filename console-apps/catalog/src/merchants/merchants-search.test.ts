import { describe, expect, it } from 'vitest';
import { parseMerchantsSearch } from './merchants-search';

describe('parseMerchantsSearch', () => {
  it('keeps the filters the catalog takes', () => {
    expect(
      parseMerchantsSearch({
        search: ' amazon ',
        country: 'GB',
        currency: 'GBP',
        category: 'gaming',
        state: 'LIVE',
      }),
    ).toEqual({
      search: 'amazon',
      country: 'GB',
      currency: 'GBP',
      category: 'gaming',
      state: 'LIVE',
    });
  });

  it('drops what the catalog would refuse, so the list falls back to all', () => {
    expect(
      parseMerchantsSearch({
        search: 'x'.repeat(101),
        country: 'gb',
        currency: 'POUND',
        category: 'cars',
        state: 'SOLD_OUT',
        cursor: 'abc',
      }),
    ).toEqual({});
  });

  it('reads a numeric search as its digits', () => {
    expect(parseMerchantsSearch({ search: 123 })).toEqual({ search: '123' });
  });
});
