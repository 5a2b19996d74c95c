import { describe, expect, it } from 'vitest';
import { carriedOverSearch } from './keep-params.js';

const step = (search: Record<string, unknown>, keepParams: boolean | undefined = true) => ({
  keepParams,
  search,
});

describe('carriedOverSearch (spec 5, keep-params)', () => {
  it('carries the parameters over to a keep-params step navigated to without any', () => {
    expect(carriedOverSearch(step({}), step({ product: 'P-1', country: 'GB' }))).toEqual({
      product: 'P-1',
      country: 'GB',
    });
  });

  it.each([
    ['the new navigation has its own parameters', step({ country: 'US' }), step({ country: 'GB' })],
    ['the route is not marked keep-params', step({}, false), step({ country: 'GB' })],
    ['the page left is not a keep-params step', step({}), step({ country: 'GB' }, false)],
    ['there was nothing to carry', step({}), step({})],
    ['this is the first navigation', step({}), null],
  ])('carries nothing when %s', (_why, next, previous) => {
    expect(carriedOverSearch(next, previous)).toBeNull();
  });
});
