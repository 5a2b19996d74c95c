/**
 * The part of the Web Locks API (`navigator.locks`) token renewal needs. A lock is held by one
 * page of the origin at a time; `query` reports the locks held now. Both live in the browser
 * process, so what one tab did before releasing a lock is visible to the next holder at once,
 * unlike localStorage, whose changes reach other tabs' processes a little later.
 */
export interface RenewalLocks {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<boolean>,
  ): Promise<boolean>;
  query(): Promise<{ held?: ReadonlyArray<{ name?: string }> }>;
}

/** The Web Lock every tab of the console takes to renew the tokens they share. */
export const RENEWAL_LOCK_NAME = 'boon-token-renewal';

/**
 * How long a tab that renewed keeps the mark on the refresh token it used up. Another tab's
 * localStorage shows the new tokens within milliseconds; renewals are minutes apart.
 */
const SPENT_MARK_MS = 60_000;

/**
 * The browser's Web Locks, or null without them. Every current browser has them, but only in a
 * secure context (https, or http://localhost), and jsdom has none. Without them renewals are
 * still shared within the tab and re-check the stored user first, so only tabs renewing in the
 * very same moment can still collide, which costs the user a sign-in, never data: the console's
 * behaviour before Web Locks were used, and the console is served over https wherever it is used.
 */
export function browserLocks(): RenewalLocks | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return null;
  return (navigator.locks as LockManager | undefined) ?? null;
}

/**
 * A short name for a refresh token (cyrb53, 53 bits), so lock names never spell the token out.
 * Not a secret-keeping hash, and needs none: lock names are visible only to the origin's own
 * scripts, which can read the token in localStorage anyway.
 */
export function fingerprint(value: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const spentLockName = (refreshToken: string) =>
  `${RENEWAL_LOCK_NAME}:spent:${fingerprint(refreshToken)}`;

/**
 * Records, in the lock manager, that `refreshToken` has been exchanged: holds a lock named after
 * it for a minute. Resolves once the mark is in place, so a caller that marks before releasing
 * the renewal lock is sure the next holder sees it.
 */
export function markRefreshTokenSpent(locks: RenewalLocks, refreshToken: string): Promise<void> {
  return new Promise<void>((marked) => {
    locks
      .request(spentLockName(refreshToken), { ifAvailable: true }, (lock) => {
        marked();
        if (lock === null) return Promise.resolve(true);
        return new Promise<boolean>((release) => setTimeout(() => release(true), SPENT_MARK_MS));
      })
      .catch(() => marked());
  });
}

/** Whether a tab has exchanged `refreshToken` in the last minute (markRefreshTokenSpent). */
export async function isRefreshTokenSpent(
  locks: RenewalLocks,
  refreshToken: string,
): Promise<boolean> {
  const name = spentLockName(refreshToken);
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === name);
}
