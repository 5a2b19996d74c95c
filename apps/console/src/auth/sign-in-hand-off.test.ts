import { http, HttpResponse } from 'msw';
import { OidcClient, User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleConfig } from '@boon/console-kit';
import { developmentConfig } from '@boon/console-kit/shell';
import { mockApi } from '@boon/console-kit/testing';
import { clientSettings, storedUserKey } from './client-settings';
import {
  authorizationRequest,
  handOffToSignIn,
  LOGGING_IN_TEXT,
  signInBeforeConsole,
  type EntryFacts,
} from './sign-in-hand-off';
import { SIGNED_IN_HINT_COOKIE } from './signed-in-hint';
import { signInState } from './sign-in-state';
import { createUserManager } from './user-manager';

const ORIGIN = 'http://localhost:3000';
const base = developmentConfig(ORIGIN);
const issuer = base.oidc.issuer;
/** The configuration the server gives the console with its embedded provider. */
const config: ConsoleConfig = {
  ...base,
  oidc: {
    ...base.oidc,
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      end_session_endpoint: `${issuer}/session/end`,
      revocation_endpoint: `${issuer}/token/revocation`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
    },
  },
};

function facts(href: string, more: Partial<EntryFacts> = {}): EntryFacts {
  const url = new URL(href, ORIGIN);
  return {
    location: { pathname: url.pathname, search: url.search, hash: url.hash },
    signedIn: false,
    signupAfterLogout: false,
    ...more,
  };
}

const unsignedJwt = (claims: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify(claims))}.`.replaceAll('=', '');

describe('signInBeforeConsole', () => {
  it.each([
    ['/ while signed out: sign in, then Home', '/', {}, {}],
    ['/ with a query: back to it afterwards', '/?tab=2#top', {}, { returnTo: '/?tab=2#top' }],
    ['/ while signed in: the console starts', '/', { signedIn: true }, undefined],
    [
      '/ after "sign up with another e-mail": the console goes to /signup',
      '/',
      { signupAfterLogout: true },
      undefined,
    ],
    [
      '/login with an address and a page to return to',
      '/login?email=ada%2Bops%40acme.test&redirect=%2Fteam%3Fpage%3D2',
      {},
      { loginHint: 'ada+ops@acme.test', returnTo: '/team?page=2' },
    ],
    ['/login even when signed in (it always signs in anew)', '/login', { signedIn: true }, {}],
    [
      '/login with a number for an address, as the router reads it: no hint',
      '/login?email=123',
      {},
      {},
    ],
    [
      '/login with a quoted address (how the router writes one)',
      '/login?email=%22123%22',
      {},
      { loginHint: '123' },
    ],
    ['/login with an address too long to be one', `/login?email=${'a'.repeat(321)}`, {}, {}],
    ['a deep link: the console starts, its guard decides', '/team', {}, undefined],
    ['a public page: the console starts', '/signup', {}, undefined],
  ])('%s', (_name, href, more, expected) => {
    expect(signInBeforeConsole(facts(href, more))).toEqual(expected);
  });
});

describe('the hand-off, against oidc-client-ts', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('asks the provider what the console would ask, with PKCE (S256) and a new state', async () => {
    const url = new URL(
      (await authorizationRequest(config, ORIGIN, { loginHint: 'ada@acme.test' }, localStorage))!,
    );
    // The library's own request for the same sign-in, for comparison.
    const library = await new OidcClient(clientSettings(config.oidc, ORIGIN)).createSigninRequest({
      request_type: 'si:r',
      state: signInState('/'),
      login_hint: 'ada@acme.test',
    });
    const expected = new URL(library.url);

    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/auth`);
    const varying = ['state', 'code_challenge'];
    const fixed = (params: URLSearchParams) =>
      [...params].filter(([name]) => !varying.includes(name)).sort();
    expect(fixed(url.searchParams)).toEqual(fixed(expected.searchParams));
    expect(fixed(url.searchParams)).toContainEqual(['code_challenge_method', 'S256']);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{22}$/);

    const again = new URL((await authorizationRequest(config, ORIGIN, {}, localStorage))!);
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
    expect(again.searchParams.get('code_challenge')).not.toBe(
      url.searchParams.get('code_challenge'),
    );
  });

  it("is finished by the console's user manager at /auth/callback, with the verifier and the page to return to", async () => {
    const authorize = new URL(
      (await authorizationRequest(config, ORIGIN, { returnTo: '/team' }, localStorage))!,
    );
    const tokenRequests: URLSearchParams[] = [];
    mockApi(
      http.post(`${issuer}/token`, async ({ request }) => {
        tokenRequests.push(new URLSearchParams(await request.text()));
        return HttpResponse.json({
          access_token: 'access-1',
          refresh_token: 'refresh-1',
          token_type: 'Bearer',
          expires_in: 600,
          id_token: unsignedJwt({ iss: issuer, sub: 'U-ADA00001', aud: base.oidc.clientId }),
        });
      }),
    );

    const userManager = createUserManager(config.oidc, ORIGIN);
    const state = authorize.searchParams.get('state')!;
    const user = await userManager.signinRedirectCallback(
      `${ORIGIN}/auth/callback?code=the-code&state=${state}&iss=${encodeURIComponent(issuer)}`,
    );

    expect(user.state).toEqual({ returnTo: '/team' });
    expect(user.access_token).toBe('access-1');
    const [exchange] = tokenRequests;
    expect(exchange?.get('code')).toBe('the-code');
    expect(exchange?.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback`);
    const verifier = exchange?.get('code_verifier') ?? '';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(challenge).toBe(authorize.searchParams.get('code_challenge'));
    // The state was used up, and the signed-in user is where the hand-off looks for one.
    expect(localStorage.getItem(`oidc.${state}`)).toBeNull();
    expect(localStorage.getItem(storedUserKey(config.oidc))).not.toBeNull();
  });

  it('finds the user where the user manager keeps it', async () => {
    const userManager = createUserManager(config.oidc, ORIGIN);
    expect(localStorage.getItem(storedUserKey(config.oidc))).toBeNull();
    await userManager.storeUser(
      new User({
        access_token: 'a',
        token_type: 'Bearer',
        profile: { sub: 'U-1', iss: issuer, aud: 'x', exp: 0, iat: 0 },
      }),
    );
    expect(localStorage.getItem(storedUserKey(config.oidc))).not.toBeNull();
  });

  it('leaves a provider it has no endpoints for to the console (which reads its discovery)', async () => {
    await expect(authorizationRequest(base, ORIGIN, {}, localStorage)).resolves.toBeUndefined();
  });
});

describe('handOffToSignIn', () => {
  const bootScreen =
    '<div id="root"><main class="boot"><div role="status"><h1>Getting set up</h1></div></main></div>';
  beforeEach(() => {
    window.localStorage.clear();
    document.body.innerHTML = bootScreen;
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
    document.body.innerHTML = '';
  });

  it('sends a signed-out visit to / on to the provider, saying "Logging you in…" meanwhile', async () => {
    window.history.replaceState(null, '', '/');
    const navigate = vi.fn();
    await expect(handOffToSignIn(config, navigate)).resolves.toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(String(navigate.mock.calls[0]?.[0])).toMatch(/\/idp\/auth\?client_id=boon-console&/);
    expect(document.querySelector('h1')?.textContent).toBe(LOGGING_IN_TEXT);
  });

  it('starts the console for a signed-in visit, leaving the start-up screen as it is', async () => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem(storedUserKey(config.oidc), '{}');
    const navigate = vi.fn();
    await expect(handOffToSignIn(config, navigate)).resolves.toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(document.querySelector('h1')?.textContent).toBe('Getting set up');
  });

  it('tells the server whether a user is stored, so it can preload the console for /', async () => {
    const hint = () => document.cookie.includes(`${SIGNED_IN_HINT_COOKIE}=1`);
    localStorage.setItem(storedUserKey(config.oidc), '{}');
    await handOffToSignIn(config, vi.fn());
    expect(hint()).toBe(true);

    localStorage.clear();
    await handOffToSignIn(config, vi.fn());
    expect(hint()).toBe(false);
  });
});
