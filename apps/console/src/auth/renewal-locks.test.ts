import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLockManager } from '../test/fake-identity';
import {
  browserLocks,
  fingerprint,
  isRefreshTokenSpent,
  markRefreshTokenSpent,
  RENEWAL_LOCK_NAME,
} from './renewal-locks';

afterEach(() => {
  vi.useRealTimers();
});

describe('renewal locks', () => {
  it('are absent in jsdom, as in a page that is not a secure context', () => {
    expect(browserLocks()).toBeNull();
  });

  it('name a refresh token by a stable fingerprint that does not spell it out', () => {
    const token = 'Xk1dC6d1kLm0Pq9rSt7uVw3yZa5bCd8eFg2hIj4kLmN';

    expect(fingerprint(token)).toBe(fingerprint(token));
    expect(fingerprint(token)).not.toBe(fingerprint(`${token}x`));
    expect(fingerprint(token)).not.toContain(token.slice(0, 6));
  });

  it('mark a spent refresh token for a minute, for every tab of the origin to see', async () => {
    vi.useFakeTimers();
    const locks = createLockManager();

    await markRefreshTokenSpent(locks, 'refresh-1');

    await expect(isRefreshTokenSpent(locks, 'refresh-1')).resolves.toBe(true);
    await expect(isRefreshTokenSpent(locks, 'refresh-2')).resolves.toBe(false);
    expect(locks.isHeld(RENEWAL_LOCK_NAME)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(isRefreshTokenSpent(locks, 'refresh-1')).resolves.toBe(false);
  });

  it('do not wait when the mark is already there', async () => {
    vi.useFakeTimers();
    const locks = createLockManager();
    await markRefreshTokenSpent(locks, 'refresh-1');

    await expect(markRefreshTokenSpent(locks, 'refresh-1')).resolves.toBeUndefined();
  });
});
