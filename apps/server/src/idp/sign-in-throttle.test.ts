import { describe, expect, it } from 'vitest';
import { delayBeforeAttempt } from './sign-in-throttle.js';

describe('the wait before a sign-in attempt', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 1_000],
    [5, 2_000],
    [6, 4_000],
    [7, 8_000],
    [8, 8_000],
    [10_000, 8_000],
  ])(
    'after %i failures is %i ms: a few typos are free, guessing slows, nobody is locked out',
    (failures, ms) => {
      expect(delayBeforeAttempt(failures)).toBe(ms);
    },
  );
});
