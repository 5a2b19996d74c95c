import { SIGNUP_FOR_PARAM } from '@boon/contracts';
import type { User, UserManager, UserManagerEvents } from 'oidc-client-ts';
import { readAccessTokenClaims } from './access-token-claims';
import {
  browserLocks,
  isRefreshTokenSpent,
  markRefreshTokenSpent,
  RENEWAL_LOCK_NAME,
  type RenewalLocks,
} from './renewal-locks';
import { toSafeReturnPath } from './return-path';
import { signInState, type SignInState } from './sign-in-state';
import { writeSignedInHint } from './signed-in-hint';
import type { Auth, SignInOptions } from '@boon/console-kit';

// The Auth port is declared by the console kit, so that console apps can use it; this is the
// shell's implementation on oidc-client-ts.
export type { Auth, SignInOptions };

/** The part of oidc-client-ts's UserManager the console uses; tests substitute a fake. */
export type UserManagerPort = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'signoutRedirect'
> & { readonly events: Pick<UserManagerEvents, 'addAccessTokenExpiring'> };

/**
 * How many seconds before its expiry an access token counts as about to expire. oidc-client-ts
 * raises `accessTokenExpiring` then (user-manager.ts sets the same figure), and a token another
 * tab renewed is only reused if it has longer to live.
 */
export const EXPIRING_NOTIFICATION_SECONDS = 60;

export interface AuthOptions {
  /**
   * Serialises renewals across the tabs of the origin. Defaults to the browser's `navigator.locks`;
   * null where there is none (see `browserLocks`).
   */
  locks?: RenewalLocks | null;
  /**
   * The customer the user acts for: every renewal asks the provider for that customer's roles
   * (the `customer_id` token parameter). Defaults to none, which gives the user's first customer.
   */
  getCustomerId?: () => string | null;
}

/** What a renewal's caller knew of the tokens; undefined fields are unknown to it. */
type TokenSnapshot = Partial<Pick<User, 'access_token' | 'refresh_token' | 'expires_at'>>;

function returnToFrom(user: User): string {
  const state = user.state as Partial<SignInState> | undefined;
  return toSafeReturnPath(state?.returnTo);
}

function snapshotOf(user: User | null): TokenSnapshot {
  if (!user) return {};
  const { access_token, refresh_token, expires_at } = user;
  return { access_token, refresh_token, expires_at };
}

/** Whether the stored tokens are not the ones the caller saw: someone renewed them since. */
function renewedSince(stored: User, seen: TokenSnapshot): boolean {
  return (
    (seen.access_token !== undefined && stored.access_token !== seen.access_token) ||
    (seen.refresh_token !== undefined && stored.refresh_token !== seen.refresh_token) ||
    (seen.expires_at !== undefined && stored.expires_at !== seen.expires_at)
  );
}

function expiresSoon(user: User): boolean {
  const expiresIn = user.expires_in;
  return expiresIn !== undefined && expiresIn <= EXPIRING_NOTIFICATION_SECONDS;
}

/** How long a tab waits for its localStorage to show tokens another tab renewed. */
const STORAGE_CATCH_UP_MS = 5_000;

/** Resolves on the next localStorage change from another tab, or after `ms` at the latest. */
function nextStorageChange(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener('storage', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener('storage', done);
  });
}

/**
 * The console's sign-in client over oidc-client-ts.
 *
 * Token renewal. The provider rotates the refresh token on every use and answers a reused one by
 * revoking the whole grant, so two renewals with the same refresh token sign the user out. All
 * tabs share the user in localStorage, so oidc-client-ts's `automaticSilentRenew` (one timer per
 * tab, all firing together) is off, and every renewal (the expiring timer, an expired token
 * found on use, a 401 from the API) goes through `renew`: one renewal at a time per tab (a shared
 * promise), one tab at a time (the Web Lock `boon-token-renewal`), and inside the lock the stored
 * user is read again, so a tab that waited uses what the other tab got instead of replaying the
 * refresh token it saw.
 *
 * Chromium hands the lock to the next tab before that tab's localStorage necessarily shows what
 * the previous holder stored (storage changes reach other tab processes asynchronously; the e2e
 * test token-renewal.spec.ts caught a tab re-reading the spent refresh token). So a tab that
 * renewed also marks the refresh token it used up, in the lock manager, before it lets go of the
 * lock (renewal-locks.ts); a tab that still reads a marked token waits for its localStorage to
 * catch up instead of sending it.
 *
 * `userManager.getUser()` reads localStorage every time and, as oidc-client-ts's source does
 * (UserManager.getUser → UserManagerEvents.load → AccessTokenEvents.load), re-arms the tab's
 * `accessTokenExpiring` timer for the user it read; so a tab that did not renew picks up the new
 * tokens on its next read, and its timer follows them.
 */
export function createAuth(userManager: UserManagerPort, options: AuthOptions = {}): Auth {
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const getCustomerId = options.getCustomerId ?? (() => null);
  /**
   * Whether a token was issued for `wanted`. Any token fits when no customer is wanted, and so
   * does a token without a customer_id claim: its provider does not issue tokens per customer
   * (the server reads memberships for x-customer-id all the same).
   */
  const fitsCustomer = (user: User, wanted: string | null): boolean => {
    const issuedFor = readAccessTokenClaims(user.access_token).customerId;
    return wanted === null || issuedFor === null || issuedFor === wanted;
  };
  // A customer the provider was asked for and answered with another's roles: not asked again
  // (no renewal on every navigation) until the user picks it anew.
  let refusedCustomer: string | null = null;
  // Several callers in this tab may need a renewal for the same customer at once; they share
  // one. A renewal for another customer waits for it, then runs.
  let renewal: { customerId: string | null; promise: Promise<boolean> } | null = null;
  // The refresh token whose scheduled renewal failed: the timer does not try it again.
  let failedScheduledRefreshToken: string | undefined;

  /** Runs alone across the tabs (when Web Locks exist): renews unless someone else just did. */
  const renewExclusively = async (
    seen: TokenSnapshot,
    customerId: string | null,
  ): Promise<boolean> => {
    let stored = await userManager.getUser();
    if (
      locks &&
      stored?.refresh_token &&
      (await isRefreshTokenSpent(locks, stored.refresh_token))
    ) {
      stored = await storedUserReplacing(stored.refresh_token);
    }
    if (!stored?.refresh_token) return false;
    if (renewedSince(stored, seen) && !expiresSoon(stored) && fitsCustomer(stored, customerId)) {
      return true;
    }
    // signinSilent reads the refresh token from storage itself: the one just read.
    const spent = stored.refresh_token;
    const renewed = await userManager.signinSilent(
      customerId ? { extraTokenParams: { customer_id: customerId } } : undefined,
    );
    if (locks) await markRefreshTokenSpent(locks, spent);
    return renewed !== null && renewed.expired !== true;
  };

  /**
   * The stored user once this tab's localStorage shows the tokens that replaced `spent`, which
   * another tab has exchanged; null if that takes too long, or the user signed out meanwhile.
   */
  const storedUserReplacing = async (spent: string): Promise<User | null> => {
    const deadline = Date.now() + STORAGE_CATCH_UP_MS;
    for (;;) {
      await nextStorageChange(50);
      const user = await userManager.getUser();
      if (user?.refresh_token !== spent) return user;
      if (Date.now() > deadline) {
        console.warn('Another tab renewed the tokens, but they never reached this tab');
        return null;
      }
    }
  };

  /** The one way the tokens are renewed. Resolves false when the session cannot be renewed. */
  const renew = (
    seen: TokenSnapshot,
    customerId: string | null = getCustomerId(),
  ): Promise<boolean> => {
    if (renewal?.customerId === customerId) return renewal.promise;
    const before = renewal?.promise;
    const entry = { customerId, promise: Promise.resolve(false) };
    entry.promise = (async () => {
      try {
        if (before) await before;
        return locks
          ? await locks.request(RENEWAL_LOCK_NAME, {}, () => renewExclusively(seen, customerId))
          : await renewExclusively(seen, customerId);
      } catch (error) {
        console.warn('Token renewal failed', error);
        return false;
      } finally {
        if (renewal === entry) renewal = null;
      }
    })();
    renewal = entry;
    return entry.promise;
  };

  /** oidc-client-ts's expiring timer: renew shortly before the access token expires. */
  const renewBeforeExpiry = async (): Promise<void> => {
    const user = await userManager.getUser();
    // A timer armed for a token another tab has since renewed: reading the user re-armed it.
    if (!user?.refresh_token || !expiresSoon(user)) return;
    // A failed renewal is not repeated by the timer; using the console tries again, or signs in.
    if (user.refresh_token === failedScheduledRefreshToken) return;
    if (!(await renew(snapshotOf(user)))) failedScheduledRefreshToken = user.refresh_token;
  };
  userManager.events.addAccessTokenExpiring(renewBeforeExpiry);

  const currentUser = async (): Promise<User | null> => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (user.expired !== true) return user;
    return (await renew(snapshotOf(user))) ? userManager.getUser() : null;
  };

  return {
    async isSignedIn() {
      return (await currentUser()) !== null;
    },
    async getAccessToken() {
      return (await currentUser())?.access_token ?? null;
    },
    async refresh(rejectedAccessToken) {
      const seen = rejectedAccessToken
        ? { access_token: rejectedAccessToken }
        : snapshotOf(await userManager.getUser());
      return renew(seen);
    },
    async ensureCustomerToken(customerId = getCustomerId()) {
      const user = await currentUser();
      if (!user) return false;
      if (fitsCustomer(user, customerId)) return true;
      if (customerId === refusedCustomer) return false;
      const renewed = await renew(snapshotOf(user), customerId);
      const after = await userManager.getUser();
      if (after && fitsCustomer(after, customerId)) {
        refusedCustomer = null;
        return true;
      }
      if (renewed) refusedCustomer = customerId;
      return false;
    },
    async signIn({ loginHint, returnTo } = {}) {
      const state = signInState(returnTo);
      await userManager.signinRedirect(loginHint ? { login_hint: loginHint, state } : { state });
    },
    async signup(email, { forInvite = false } = {}) {
      const state = signInState('/');
      await userManager.signinRedirect({
        state,
        // prompt=login: a browser still signed in at the provider would otherwise be signed
        // straight back in as that account, never seeing the sign-up form.
        prompt: 'login',
        extraQueryParams: {
          screen_hint: 'signup',
          ...(forInvite ? { [SIGNUP_FOR_PARAM]: 'invite' } : {}),
        },
        ...(email ? { login_hint: email } : {}),
      });
    },
    async completeSignIn(url) {
      const user = await userManager.signinRedirectCallback(url);
      writeSignedInHint(true);
      return { returnTo: returnToFrom(user) };
    },
    async signOut(postLogoutRedirectUri) {
      writeSignedInHint(false);
      await userManager.signoutRedirect({ post_logout_redirect_uri: postLogoutRedirectUri });
    },
  };
}
