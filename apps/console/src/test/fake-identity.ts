import { ErrorResponse, User } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { UserManagerPort } from '../auth/auth-client';
import type { RenewalLocks } from '../auth/renewal-locks';

/** Seconds since the epoch, as oidc-client-ts counts them. */
export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** What the access tokens of the fake provider live for (the embedded provider's 10 minutes). */
export const ACCESS_TOKEN_SECONDS = 600;

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/**
 * The token endpoint's refresh grant as the embedded provider runs it: every use rotates the
 * refresh token, and a refresh token used a second time is a replay that revokes the whole grant
 * (its newest refresh token too). Answers one macrotask later, so renewals that run at the same
 * time are both in flight before either is answered, as over a network.
 */
export function createTokenEndpoint() {
  let issued = 1;
  let current = 'refresh-1';
  const used = new Set<string>();
  const endpoint = {
    /** Refresh grants received, whatever their answer. */
    requests: 0,
    /** Refresh grants refused. */
    refused: 0,
    grantRevoked: false,
    /** The refresh token a new sign-in starts with. */
    firstRefreshToken: current,
    async refresh(refreshToken: string): Promise<TokenAnswer> {
      endpoint.requests += 1;
      const valid = !endpoint.grantRevoked && refreshToken === current;
      if (valid) {
        used.add(refreshToken);
        issued += 1;
        current = `refresh-${issued}`;
      } else if (used.has(refreshToken)) {
        endpoint.grantRevoked = true;
      }
      const answer: TokenAnswer = {
        access_token: `access-${issued}`,
        refresh_token: current,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
      };
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!valid) {
        endpoint.refused += 1;
        throw new ErrorResponse({ error: 'invalid_grant', error_description: 'grant revoked' });
      }
      return answer;
    },
  };
  return endpoint;
}
export type TokenEndpoint = ReturnType<typeof createTokenEndpoint>;

/** A signed-in user as oidc-client-ts stores it; `expiresIn` seconds from now (negative: expired). */
export function signedInUser(expiresIn: number, tokens: Partial<TokenAnswer> = {}): User {
  return new User({
    access_token: tokens.access_token ?? 'access-1',
    refresh_token: tokens.refresh_token ?? 'refresh-1',
    token_type: 'Bearer',
    scope: 'openid email profile',
    profile: { sub: 'user-1', iss: 'http://localhost/idp', aud: 'boon-console', exp: 0, iat: 0 },
    expires_at: nowInSeconds() + expiresIn,
  });
}

/** The browser's localStorage the tabs of one origin share: here, the stored user. */
export function createSharedStore(user: User | null = null) {
  let stored = user?.toStorageString() ?? null;
  return {
    read: () => (stored === null ? null : User.fromStorageString(stored)),
    write: (next: User | null) => {
      stored = next?.toStorageString() ?? null;
    },
  };
}
export type SharedStore = ReturnType<typeof createSharedStore>;

/**
 * One tab's UserManager over the shared store and the fake provider, acting as oidc-client-ts's
 * does: getUser and signinSilent read the store each time, signinSilent uses the stored refresh
 * token and stores what it gets, and `expiring()` raises accessTokenExpiring as its timer would.
 */
export function fakeUserManager(
  store: SharedStore,
  endpoint: TokenEndpoint = createTokenEndpoint(),
) {
  const expiringHandlers: Array<() => Promise<void> | void> = [];
  return {
    getUser: vi.fn(async () => store.read()),
    removeUser: vi.fn(async () => store.write(null)),
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => signedInUser(ACCESS_TOKEN_SECONDS)),
    signinSilent: vi.fn(async (): Promise<User | null> => {
      const user = store.read();
      // oidc-client-ts falls back to an iframe without a refresh token; the console has none.
      if (!user?.refresh_token) throw new Error('No silent_redirect_uri configured');
      const answer = await endpoint.refresh(user.refresh_token);
      const renewed = signedInUser(answer.expires_in, answer);
      store.write(renewed);
      return renewed;
    }),
    signoutRedirect: vi.fn(async () => {}),
    events: {
      addAccessTokenExpiring: (handler: () => Promise<void> | void) => {
        expiringHandlers.push(handler);
        return () => {};
      },
    },
    /** Raises accessTokenExpiring, as the tab's timer does; resolves once the handlers are done. */
    async expiring() {
      for (const handler of expiringHandlers) await handler();
    },
  } satisfies UserManagerPort & Record<string, unknown>;
}

/**
 * navigator.locks for the tabs of one origin: a lock is held by one callback at a time, the
 * others wait in order, `ifAvailable` gives up at once on a busy lock, a lock is released however
 * its callback ends, and `query` lists the held ones.
 */
export function createLockManager() {
  const tails = new Map<string, Promise<unknown>>();
  const busy = new Map<string, number>();
  const held = new Map<string, number>();
  const add = (counts: Map<string, number>, name: string, by: number) => {
    const count = (counts.get(name) ?? 0) + by;
    counts.set(name, count);
    return count;
  };
  const manager = {
    /** The names of the locks requested, in order. */
    requests: [] as string[],
    /** The most callbacks that held one lock at one time (1 if the exclusion works). */
    mostHeldAtOnce: 0,
    isHeld: (name: string) => (held.get(name) ?? 0) > 0,
    request(
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: unknown) => Promise<boolean>,
    ): Promise<boolean> {
      manager.requests.push(name);
      if (options.ifAvailable && (busy.get(name) ?? 0) > 0) return callback(null);
      add(busy, name, 1);
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(async () => {
        manager.mostHeldAtOnce = Math.max(manager.mostHeldAtOnce, add(held, name, 1));
        try {
          return await callback({ name });
        } finally {
          add(held, name, -1);
          add(busy, name, -1);
        }
      });
      tails.set(
        name,
        result.catch(() => {}),
      );
      return result;
    },
    async query() {
      return { held: [...held].filter(([, count]) => count > 0).map(([name]) => ({ name })) };
    },
  };
  return manager satisfies RenewalLocks;
}

/**
 * localStorage as Chromium's tabs see it: each tab reads its own copy, and a write reaches the
 * other tabs `lagMs` later (with a storage event), which can be after a Web Lock changed hands.
 */
export function createLaggingStore(user: User | null, lagMs = 20) {
  let latest = user?.toStorageString() ?? null;
  const copies: Array<{ value: string | null }> = [];
  return {
    /** One tab's view of the store. */
    tab(): SharedStore {
      const copy = { value: latest };
      copies.push(copy);
      return {
        read: () => (copy.value === null ? null : User.fromStorageString(copy.value)),
        write: (next: User | null) => {
          const value = next?.toStorageString() ?? null;
          latest = value;
          copy.value = value;
          setTimeout(() => {
            for (const other of copies) if (other !== copy) other.value = value;
            window.dispatchEvent(new StorageEvent('storage'));
          }, lagMs);
        },
      };
    },
  };
}
