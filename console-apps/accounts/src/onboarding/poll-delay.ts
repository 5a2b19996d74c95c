/** Spec 9: a pending customer's onboarding state is polled at 10000, 15000, then 20000 ms. */
export const ONBOARDING_POLL_DELAYS_MS = [10_000, 15_000, 20_000] as const;

/**
 * How long to wait after the `polls`-th poll (1 for the first) before the next: the spec's
 * intervals in turn, then the last one for as long as polling goes on.
 */
export function onboardingPollDelay(polls: number): number {
  const index = Math.min(Math.max(polls, 1), ONBOARDING_POLL_DELAYS_MS.length) - 1;
  return ONBOARDING_POLL_DELAYS_MS[index] ?? 20_000;
}
