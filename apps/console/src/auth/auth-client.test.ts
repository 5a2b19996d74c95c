import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  createLaggingStore,
  createLockManager,
  createSharedStore,
  createTokenEndpoint,
  fakeUserManager,
  signedInUser,
} from '../test/fake-identity';
import { createAuth, type Auth } from './auth-client';
import { fingerprint, RENEWAL_LOCK_NAME } from './renewal-locks';

const VALID = ACCESS_TOKEN_SECONDS;
const EXPIRED = -5;
/** Inside the last minute, when oidc-client-ts raises accessTokenExpiring. */
const EXPIRING = 30;

/** One tab, signed in with `user` (or signed out), without Web Locks unless given some. */
function tab(user: User | null, locks = null as ReturnType<typeof createLockManager> | null) {
  const store = createSharedStore(user);
  const endpoint = createTokenEndpoint();
  const manager = fakeUserManager(store, endpoint);
  return { store, endpoint, manager, auth: createAuth(manager, { locks }) };
}

/** Two tabs of one browser: one localStorage, one provider grant, one lock manager. */
function twoTabs(user: User, locks: ReturnType<typeof createLockManager> | null) {
  const store = createSharedStore(user);
  const endpoint = createTokenEndpoint();
  const tabs = [fakeUserManager(store, endpoint), fakeUserManager(store, endpoint)].map(
    (manager) => ({ manager, auth: createAuth(manager, { locks }) }),
  );
  const [first, second] = tabs as [(typeof tabs)[0], (typeof tabs)[0]];
  const signinSilentCalls = () =>
    first.manager.signinSilent.mock.calls.length + second.manager.signinSilent.mock.calls.length;
  return { store, endpoint, first, second, signinSilentCalls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createAuth', () => {
  it('is signed out without a stored user', async () => {
    const { auth } = tab(null);

    await expect(auth.isSignedIn()).resolves.toBe(false);
    await expect(auth.getAccessToken()).resolves.toBeNull();
  });

  it('uses a stored user whose token is still valid', async () => {
    const { auth, manager } = tab(signedInUser(VALID, { access_token: 'valid' }));

    await expect(auth.getAccessToken()).resolves.toBe('valid');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews an expired token with the refresh token', async () => {
    const { auth } = tab(signedInUser(EXPIRED));

    await expect(auth.isSignedIn()).resolves.toBe(true);
    await expect(auth.getAccessToken()).resolves.toBe('access-2');
  });

  it('is signed out when an expired token cannot be renewed', async () => {
    const { auth, manager } = tab(signedInUser(EXPIRED));
    manager.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await expect(auth.isSignedIn()).resolves.toBe(false);
  });

  it('does not try to renew without a refresh token', async () => {
    const { auth, manager } = tab(signedInUser(EXPIRED, { refresh_token: '' }));

    await expect(auth.refresh()).resolves.toBe(false);
    await expect(auth.isSignedIn()).resolves.toBe(false);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('opens the provider on its sign-up form, with the address, even over a provider session', async () => {
    const { auth, manager } = tab(null);
    await auth.signup('new@hooli.test');
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/' },
      prompt: 'login',
      extraQueryParams: { screen_hint: 'signup' },
      login_hint: 'new@hooli.test',
    });
    await auth.signup();
    expect(manager.signinRedirect).toHaveBeenLastCalledWith({
      state: { returnTo: '/' },
      prompt: 'login',
      extraQueryParams: { screen_hint: 'signup' },
    });
  });

  it('says when the sign-up is an invitee’s, so the provider records no company set-up', async () => {
    const { auth, manager } = tab(null);
    await auth.signup('invited@acme.test', { forInvite: true });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/' },
      prompt: 'login',
      extraQueryParams: { screen_hint: 'signup', signup_for: 'invite' },
      login_hint: 'invited@acme.test',
    });
  });

  it('returns to the path saved when sign-in started', async () => {
    const { auth, manager } = tab(null);
    manager.signinRedirectCallback.mockResolvedValueOnce({
      state: { returnTo: '/?tab=2' },
    } as unknown as User);

    await expect(auth.completeSignIn()).resolves.toEqual({ returnTo: '/?tab=2' });
  });

  it('signs out through the provider back to the given address', async () => {
    const { auth, manager } = tab(signedInUser(VALID));

    await auth.signOut('http://localhost:8080/');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: 'http://localhost:8080/',
    });
  });
});

describe('token renewal in one tab', () => {
  it('shares one renewal between the timer, an expired token in use and a 401', async () => {
    const { auth, manager, endpoint } = tab(signedInUser(EXPIRED));

    const results = await Promise.all([
      auth.getAccessToken(),
      auth.getAccessToken(),
      auth.refresh('access-1'),
      manager.expiring(),
    ]);

    expect(results).toEqual(['access-2', 'access-2', true, undefined]);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(endpoint).toMatchObject({ requests: 1, refused: 0, grantRevoked: false });
  });

  it('renews shortly before expiry when oidc-client-ts raises accessTokenExpiring', async () => {
    const { auth, manager } = tab(signedInUser(EXPIRING));

    await manager.expiring();

    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    await expect(auth.getAccessToken()).resolves.toBe('access-2');
  });

  it('ignores an expiring timer that was armed for a token renewed since', async () => {
    const { manager } = tab(signedInUser(VALID));

    await manager.expiring();

    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews on a 401 for the stored token, even though its clock says it is valid', async () => {
    const { auth, manager } = tab(signedInUser(VALID));

    await expect(auth.refresh('access-1')).resolves.toBe(true);

    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    await expect(auth.getAccessToken()).resolves.toBe('access-2');
  });

  it('on a 401 for a token that was renewed meanwhile, uses the new one', async () => {
    const { auth, manager } = tab(signedInUser(VALID, { access_token: 'access-2' }));

    await expect(auth.refresh('access-1')).resolves.toBe(true);

    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('reports a failed renewal as false and does not keep retrying it', async () => {
    const { auth, manager, endpoint } = tab(signedInUser(EXPIRING));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    manager.signinSilent.mockRejectedValue(new Error('Failed to fetch'));

    // The timer fires again and again while the token is about to expire (each getUser re-arms it).
    await manager.expiring();
    await manager.expiring();
    await manager.expiring();

    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Token renewal failed', expect.any(Error));
    // Asking again (a 401, an expired token in use) is a new attempt, and fails again.
    await expect(auth.refresh('access-1')).resolves.toBe(false);
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
    expect(endpoint.requests).toBe(0);
  });

  it('takes the lock for every renewal and releases it when the renewal fails', async () => {
    const locks = createLockManager();
    const { auth, manager } = tab(signedInUser(EXPIRED), locks);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    manager.signinSilent.mockRejectedValueOnce(new Error('Failed to fetch'));

    await expect(auth.getAccessToken()).resolves.toBeNull();
    await expect(auth.getAccessToken()).resolves.toBe('access-2');

    expect(locks.requests.filter((name) => name === RENEWAL_LOCK_NAME)).toHaveLength(2);
    expect(locks.isHeld(RENEWAL_LOCK_NAME)).toBe(false);
    // The refresh token the successful renewal used up is marked as spent for other tabs.
    expect(locks.requests).toContain(`${RENEWAL_LOCK_NAME}:spent:${fingerprint('refresh-1')}`);
  });
});

describe('token renewal across tabs', () => {
  it('two tabs finding the token expired at once renew it once and both use the new one', async () => {
    const locks = createLockManager();
    const { first, second, endpoint, signinSilentCalls } = twoTabs(signedInUser(EXPIRED), locks);

    const tokens = await Promise.all([first.auth.getAccessToken(), second.auth.getAccessToken()]);

    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(signinSilentCalls()).toBe(1);
    expect(endpoint).toMatchObject({ requests: 1, refused: 0, grantRevoked: false });
    expect(locks.mostHeldAtOnce).toBe(1);
  });

  it('two tabs whose expiring timers fire together renew once; the grant survives', async () => {
    const locks = createLockManager();
    const { store, first, second, endpoint, signinSilentCalls } = twoTabs(
      signedInUser(EXPIRING),
      locks,
    );

    await Promise.all([first.manager.expiring(), second.manager.expiring()]);

    expect(signinSilentCalls()).toBe(1);
    await expect(first.auth.getAccessToken()).resolves.toBe('access-2');
    await expect(second.auth.getAccessToken()).resolves.toBe('access-2');

    // The next expiry: the rotated refresh token still works, again for both tabs at once.
    const renewed = store.read();
    if (!renewed) throw new Error('the renewed user was not stored');
    renewed.expires_at = Math.floor(Date.now() / 1000) + EXPIRING;
    store.write(renewed);
    await Promise.all([first.manager.expiring(), second.manager.expiring()]);

    expect(signinSilentCalls()).toBe(2);
    await expect(first.auth.getAccessToken()).resolves.toBe('access-3');
    await expect(second.auth.getAccessToken()).resolves.toBe('access-3');
    expect(endpoint).toMatchObject({ requests: 2, refused: 0, grantRevoked: false });
  });

  it('a tab whose API call got a 401 uses the token the other tab is renewing', async () => {
    const locks = createLockManager();
    const { first, second, endpoint } = twoTabs(signedInUser(EXPIRED), locks);

    const [token, retried] = await Promise.all([
      first.auth.getAccessToken(),
      second.auth.refresh('access-1'),
    ]);

    expect([token, retried]).toEqual(['access-2', true]);
    await expect(second.auth.getAccessToken()).resolves.toBe('access-2');
    expect(endpoint).toMatchObject({ requests: 1, grantRevoked: false });
  });

  it("a tab whose localStorage lags behind the lock waits for the other tab's tokens", async () => {
    // Chromium: the lock reaches the second tab before the first tab's write does.
    const store = createLaggingStore(signedInUser(EXPIRED));
    const endpoint = createTokenEndpoint();
    const locks = createLockManager();
    const tabs = [store.tab(), store.tab()].map((view) => {
      const manager = fakeUserManager(view, endpoint);
      return { manager, auth: createAuth(manager, { locks }) };
    });

    const tokens = await Promise.all(tabs.map(({ auth }) => auth.getAccessToken()));

    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(endpoint).toMatchObject({ requests: 1, refused: 0, grantRevoked: false });
  });

  it('gives up, without replaying the spent refresh token, if localStorage never catches up', async () => {
    vi.useFakeTimers();
    try {
      const store = createLaggingStore(signedInUser(EXPIRED), 60_000);
      const endpoint = createTokenEndpoint();
      const locks = createLockManager();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const [first, second] = [store.tab(), store.tab()].map((view) =>
        createAuth(fakeUserManager(view, endpoint), { locks }),
      ) as [Auth, Auth];

      const tokens = Promise.all([first.getAccessToken(), second.getAccessToken()]);
      await vi.advanceTimersByTimeAsync(6_000);

      await expect(tokens).resolves.toEqual(['access-2', null]);
      expect(endpoint).toMatchObject({ requests: 1, grantRevoked: false });
      expect(warn).toHaveBeenCalledWith(
        'Another tab renewed the tokens, but they never reached this tab',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('without Web Locks, a tab that comes after a renewal uses it instead of renewing again', async () => {
    const { first, second, endpoint } = twoTabs(signedInUser(EXPIRED), null);
    // The second tab read the expired user before the first renewed it.
    const stale = await second.manager.getUser();

    await expect(first.auth.getAccessToken()).resolves.toBe('access-2');
    second.manager.getUser.mockResolvedValueOnce(stale);
    await expect(second.auth.getAccessToken()).resolves.toBe('access-2');

    expect(second.manager.signinSilent).not.toHaveBeenCalled();
    expect(endpoint).toMatchObject({ requests: 1, grantRevoked: false });
  });

  it('without Web Locks (jsdom has none), renewals in one tab are still shared', async () => {
    expect('locks' in navigator).toBe(false);
    const store = createSharedStore(signedInUser(EXPIRED));
    const manager = fakeUserManager(store);
    const auth = createAuth(manager);

    await Promise.all([auth.getAccessToken(), auth.refresh('access-1'), manager.expiring()]);

    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });
});

describe('tokens for the selected customer', () => {
  const jwtFor = (customerId: string) => {
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    return `${encode({ alg: 'RS256' })}.${encode({ customer_id: customerId })}.sig`;
  };

  function customerTab(token: string, selected: { id: string | null }) {
    const store = createSharedStore(signedInUser(VALID, { access_token: token }));
    const manager = fakeUserManager(store, createTokenEndpoint());
    const auth = createAuth(manager, { locks: null, getCustomerId: () => selected.id });
    return { manager, auth };
  }

  it('keeps a token already issued for the selected customer', async () => {
    const { auth, manager } = customerTab(jwtFor('C-ACME0001'), { id: 'C-ACME0001' });

    await expect(auth.ensureCustomerToken()).resolves.toBe(true);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('asks the provider for the newly selected customer after a switch', async () => {
    const selected = { id: 'C-ACME0001' as string | null };
    const { auth, manager } = customerTab(jwtFor('C-ACME0001'), selected);
    selected.id = 'C-GLOBEX01';

    await expect(auth.ensureCustomerToken()).resolves.toBe(true);
    expect(manager.signinSilent).toHaveBeenCalledWith({
      extraTokenParams: { customer_id: 'C-GLOBEX01' },
    });
  });

  it('names the selected customer on every renewal, and none when no customer is selected', async () => {
    const selected = { id: 'C-ACME0001' as string | null };
    const { auth, manager } = customerTab(jwtFor('C-ACME0001'), selected);

    await auth.refresh(jwtFor('C-ACME0001'));
    selected.id = null;
    await auth.refresh();

    expect(manager.signinSilent.mock.calls).toEqual([
      [{ extraTokenParams: { customer_id: 'C-ACME0001' } }],
      [undefined],
    ]);
  });
});

describe('tokens for the selected customer: when not to renew', () => {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const jwt = (claims: Record<string, unknown>) =>
    `${encode({ alg: 'RS256' })}.${encode(claims)}.s`;

  it('keeps a token without a customer_id claim: its provider does not issue them per customer', async () => {
    const store = createSharedStore(signedInUser(VALID, { access_token: jwt({ sub: 'u' }) }));
    const manager = fakeUserManager(store, createTokenEndpoint());
    const auth = createAuth(manager, { locks: null, getCustomerId: () => 'C-GLOBEX01' });

    await expect(auth.ensureCustomerToken()).resolves.toBe(true);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('asks once per switch when the provider keeps answering for another customer', async () => {
    const acmeToken = jwt({ customer_id: 'C-ACME0001' });
    const store = createSharedStore(signedInUser(VALID, { access_token: acmeToken }));
    const manager = fakeUserManager(store, createTokenEndpoint());
    let issued = 1;
    manager.signinSilent.mockImplementation(async () => {
      issued += 1;
      const renewed = signedInUser(VALID, {
        access_token: acmeToken,
        refresh_token: `refresh-${issued}`,
      });
      store.write(renewed);
      return renewed;
    });
    const selected = { id: 'C-GLOBEX01' };
    const auth = createAuth(manager, { locks: null, getCustomerId: () => selected.id });

    await auth.ensureCustomerToken();
    await auth.ensureCustomerToken();
    await auth.ensureCustomerToken();
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);

    selected.id = 'C-OTHER001';
    await auth.ensureCustomerToken();
    await auth.ensureCustomerToken();
    expect(manager.signinSilent).toHaveBeenCalledTimes(2);
  });
});
