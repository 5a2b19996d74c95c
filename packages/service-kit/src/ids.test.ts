import { describe, expect, it } from 'vitest';
import { prefixedId } from './ids.js';

describe('prefixedId', () => {
  it.each([
    ['C-', 8, /^C-[A-Z0-9]{8}$/],
    ['U-', 20, /^U-[A-Z0-9]{20}$/],
    ['I-', 16, /^I-[A-Z0-9]{16}$/],
  ])('makes %s and %i upper-case letters or digits', (prefix, length, shape) => {
    for (let n = 0; n < 200; n += 1) expect(prefixedId(prefix, length)).toMatch(shape);
  });

  it('draws every letter and digit, not a few of them', () => {
    const seen = new Set(Array.from({ length: 200 }, () => prefixedId('', 20)).join(''));
    expect(seen.size).toBe(36);
  });
});
