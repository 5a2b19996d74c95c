import {
  PRODUCT_SEARCH_MAX_LENGTH,
  productCategorySchema,
  productStateSchema,
} from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import {
  MERCHANT_SEARCH_MAX_LENGTH,
  parseMerchantsSearch,
  productCategories,
  productStates,
} from './merchants-search';

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

  it("follows the contract's limits and values", () => {
    expect(MERCHANT_SEARCH_MAX_LENGTH).toBe(PRODUCT_SEARCH_MAX_LENGTH);
    expect([...productCategories].sort()).toEqual([...productCategorySchema.options].sort());
    expect([...productStates].sort()).toEqual([...productStateSchema.options].sort());
  });
});
