import { http, HttpResponse } from 'msw';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { developmentConfig } from '@boon/console-kit/shell';
import { mockApi } from '@boon/console-kit/testing';
import { createLockManager, createTokenEndpoint, signedInUser } from '../test/fake-identity';
import { createAuth } from './auth-client';
import { createUserManager } from './user-manager';

// Two tabs as the browser has them: two real oidc-client-ts UserManagers, configured as the
// console configures them, over one localStorage (jsdom's), with one lock manager, talking to a
// token endpoint that rotates refresh tokens and revokes the grant on a replay. Their
// accessTokenExpiring timers are oidc-client-ts's own, on Vitest's fake clock.

const ORIGIN = 'http://localhost:3000';
const { oidc } = developmentConfig(ORIGIN);
const SECOND = 1000;

/** The identity provider's discovery document and token endpoint, answered over the network. */
function serveProvider() {
  const endpoint = createTokenEndpoint();
  mockApi(
    http.get(`${oidc.issuer}/.well-known/openid-configuration`, () =>
      HttpResponse.json({
        issuer: oidc.issuer,
        authorization_endpoint: `${oidc.issuer}/auth`,
        token_endpoint: `${oidc.issuer}/token`,
        end_session_endpoint: `${oidc.issuer}/session/end`,
        jwks_uri: `${oidc.issuer}/jwks`,
      }),
    ),
    http.post(`${oidc.issuer}/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      expect(form.get('grant_type')).toBe('refresh_token');
      try {
        return HttpResponse.json(await endpoint.refresh(form.get('refresh_token') ?? ''));
      } catch {
        return HttpResponse.json(
          { error: 'invalid_grant', error_description: 'grant revoked' },
          { status: 400 },
        );
      }
    }),
  );
  return endpoint;
}

/** The access token a tab finds in the shared localStorage (without renewing anything). */
async function storedAccessToken(tab: UserManager) {
  return (await tab.getUser())?.access_token;
}

describe('renewal across two tabs over real oidc-client-ts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
    window.localStorage.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('renews once when both tabs reach expiry together, and the idle tab renews on its own next time', async () => {
    const endpoint = serveProvider();
    const locks = createLockManager();
    const first = createUserManager(oidc, ORIGIN);
    const second = createUserManager(oidc, ORIGIN);
    // Signed in with a ten-minute token; both tabs load the user, which arms their timers.
    await first.storeUser(signedInUser(600));
    const firstAuth = createAuth(first, { locks });
    const secondAuth = createAuth(second, { locks });
    await expect(firstAuth.getAccessToken()).resolves.toBe('access-1');
    await expect(secondAuth.getAccessToken()).resolves.toBe('access-1');

    // A minute before expiry both timers fire at once.
    await vi.advanceTimersByTimeAsync(545 * SECOND);

    expect(endpoint).toMatchObject({ requests: 1, refused: 0, grantRevoked: false });
    expect(await storedAccessToken(first)).toBe('access-2');

    // The first tab closes (its timers stop). The second never renewed, yet reading the new user
    // inside the lock re-armed its timer for the new token: it renews before that one expires.
    await first.events.unload();
    await vi.advanceTimersByTimeAsync(540 * SECOND);

    expect(endpoint).toMatchObject({ requests: 2, refused: 0, grantRevoked: false });
    await expect(secondAuth.getAccessToken()).resolves.toBe('access-3');
  });

  it('renews once when both tabs find an expired token on waking up', async () => {
    const endpoint = serveProvider();
    const locks = createLockManager();
    const first = createUserManager(oidc, ORIGIN);
    const second = createUserManager(oidc, ORIGIN);
    await first.storeUser(signedInUser(-30));
    const firstAuth = createAuth(first, { locks });
    const secondAuth = createAuth(second, { locks });

    const tokens = Promise.all([
      firstAuth.getAccessToken(),
      secondAuth.getAccessToken(),
      secondAuth.refresh('access-1'),
    ]);
    await vi.advanceTimersByTimeAsync(SECOND);

    await expect(tokens).resolves.toEqual(['access-2', 'access-2', true]);
    expect(endpoint).toMatchObject({ requests: 1, refused: 0, grantRevoked: false });
  });
});
