import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@boon/db';
import { clearFailures, countFailure, failureKey } from './sign-in-failures.js';

export interface SignInThrottlePolicy {
  /** Failures allowed for one e-mail address from one client address in a window. */
  failuresPerEmailAndClient: number;
  /** How long a count lasts, from its first failure. */
  windowSeconds: number;
  /** Failures of an e-mail address (from anywhere) before its attempts wait at all. */
  failuresBeforeDelay: number;
  /** The longest wait, however many failures. */
  maxDelayMs: number;
}

/**
 * A person mistyping gets four tries without waiting; beyond that each attempt for the address
 * waits 1, 2, 4 then 8 seconds at most. A client address gets ten failures per address per
 * quarter hour, then waits for the quarter hour to end.
 */
export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  failuresPerEmailAndClient: 10,
  windowSeconds: 15 * 60,
  failuresBeforeDelay: 4,
  maxDelayMs: 8_000,
};

/** The wait before an attempt for an address that failed `failures` times in the window. */
export function delayBeforeAttempt(failures: number, policy = SIGN_IN_THROTTLE): number {
  const beyond = failures - policy.failuresBeforeDelay;
  if (beyond < 0) return 0;
  return Math.min(policy.maxDelayMs, 1_000 * 2 ** beyond);
}

export type SignInAttempt =
  | { allowed: true; delayMs: number; succeeded(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Guessing one account's password is held back two ways, neither of which lets a stranger keep
 * its owner out:
 * - per e-mail address and client address, a hard limit: one source cannot keep guessing one
 *   account, but its failures do not touch the owner signing in from elsewhere;
 * - per e-mail address alone, a growing wait before the password is checked: guesses spread over
 *   many sources are slowed, and the right password still gets through after the wait. The wait
 *   comes before the check, for right and wrong passwords alike, so its length says nothing.
 * Only failures count: every attempt is counted when it starts (so concurrent attempts cannot
 * slip past the limit) and a success deletes both counts. Counts live in the database, shared by
 * every process, and count whether or not the address has an account.
 */
export function createSignInThrottle(db: Database, policy = SIGN_IN_THROTTLE) {
  return {
    async start(email: string, clientAddress: string): Promise<SignInAttempt> {
      const normalised = email.toLowerCase();
      const emailKey = failureKey('sign-in', normalised);
      const pairKey = failureKey('sign-in', normalised, clientAddress);
      const fromClient = await countFailure(db, pairKey, policy.windowSeconds);
      if (fromClient.failures > policy.failuresPerEmailAndClient) {
        return { allowed: false, retryAfterSeconds: Math.max(1, fromClient.secondsLeft) };
      }
      const forEmail = await countFailure(db, emailKey, policy.windowSeconds);
      return {
        allowed: true,
        delayMs: delayBeforeAttempt(forEmail.failures - 1, policy),
        succeeded: () => clearFailures(db, [emailKey, pairKey]),
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Waits an attempt's delay (a timer, no connection held). */
export function waitFor(delayMs: number): Promise<void> {
  return delayMs > 0 ? sleep(delayMs) : Promise.resolve();
}
