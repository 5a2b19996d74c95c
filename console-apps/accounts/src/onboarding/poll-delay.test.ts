import { describe, expect, it } from 'vitest';
import { onboardingPollDelay } from './poll-delay';

describe('onboardingPollDelay (spec 9)', () => {
  it('waits 10, 15, then 20 seconds, and 20 from then on', () => {
    expect([1, 2, 3, 4, 10].map(onboardingPollDelay)).toEqual([
      10_000, 15_000, 20_000, 20_000, 20_000,
    ]);
    expect(onboardingPollDelay(0)).toBe(10_000);
  });
});
