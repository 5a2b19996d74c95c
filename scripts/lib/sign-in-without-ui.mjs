// Signs a demo user in over HTTP, for the browser tests (e2e/fixtures.ts) and the measuring
// scripts (`npm run bench`, `npm run lighthouse`): the authorization code flow with PKCE, the
// provider's password form posted, the code exchanged. No page is loaded, so it costs a few
// requests instead of the console and the sign-in page booting in a browser.
// The result is the storage a signed-in browser has: the provider's cookies and the user that
// the console's oidc-client-ts keeps in localStorage.
import { createHash, randomBytes } from 'node:crypto';

import { request as apiRequest } from '@playwright/test';

export const demoPassword = 'demo-pass-2026';

const CONFIG_ELEMENT = /<script[^>]*\bid="boon-config"[^>]*>([^<]*)<\/script>/;
const base64url = (/** @type {Buffer} */ bytes) => bytes.toString('base64url');

/** @param {import('@playwright/test').APIResponse} response @param {string} from */
function redirectTarget(response, from) {
  const location = response.headers()['location'];
  if (response.status() < 300 || response.status() >= 400 || !location) {
    throw new Error(`expected a redirect from ${from}, got ${response.status()}`);
  }
  return new URL(location, from).href;
}

/** The URL the sign-in form posts to, from the provider's page. @param {string} page @param {string} from */
function formAction(page, from) {
  const action = /<form[^>]*\baction="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`the provider's page at ${from} has no form`);
  return new URL(action.replaceAll('&amp;', '&'), from).href;
}

/** @param {string} jwt @returns {Record<string, unknown>} */
function jwtClaims(jwt) {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/**
 * @param {string} baseURL the server, e.g. http://localhost:8080
 * @param {string} email a demo user
 * @param {string} [password]
 * @returns {Promise<{ cookies: any[], origins: { origin: string, localStorage: { name: string, value: string }[] }[] }>}
 *   Playwright's storage state
 */
export async function signInWithoutUi(baseURL, email, password = demoPassword) {
  const api = await apiRequest.newContext({ baseURL });
  try {
    const origin = new URL(baseURL).origin;
    const index = await (await api.get('/')).text();
    const configJson = CONFIG_ELEMENT.exec(index)?.[1];
    if (!configJson) throw new Error('index.html carries no console configuration');
    /** @type {{ issuer: string, clientId: string, audience: string, scope: string }} */
    const oidc = JSON.parse(configJson).oidc;
    const discovery = await (
      await api.get(`${oidc.issuer}/.well-known/openid-configuration`)
    ).json();

    const redirectUri = `${origin}/auth/callback`;
    const verifier = base64url(randomBytes(32));
    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: oidc.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: oidc.scope,
      resource: oidc.audience,
      state: base64url(randomBytes(16)),
      nonce: base64url(randomBytes(16)),
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    // The sign-in page, however many redirects the provider takes to show it.
    let pageUrl = authorize.href;
    let page = await api.get(pageUrl, { maxRedirects: 0 });
    while (page.status() >= 300 && page.status() < 400) {
      pageUrl = redirectTarget(page, pageUrl);
      page = await api.get(pageUrl, { maxRedirects: 0 });
    }
    const loginUrl = formAction(await page.text(), pageUrl);
    const login = await api.post(loginUrl, {
      form: { email, password },
      headers: { origin },
      maxRedirects: 0,
    });
    if (login.status() < 300 || login.status() >= 400) {
      throw new Error(
        `the provider answered ${email}'s password with a page (${login.status()}), not a ` +
          'redirect: a wrong password, too many attempts, or a second factor to enter',
      );
    }
    let next = redirectTarget(login, loginUrl);
    while (!next.startsWith(`${redirectUri}?`)) {
      next = redirectTarget(await api.get(next, { maxRedirects: 0 }), next);
    }
    const code = new URL(next).searchParams.get('code');
    if (!code) throw new Error(`the provider answered without a code: ${next}`);

    const tokenResponse = await api.post(discovery.token_endpoint, {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: oidc.clientId,
      },
    });
    if (!tokenResponse.ok()) {
      throw new Error(`token endpoint: ${tokenResponse.status()} ${await tokenResponse.text()}`);
    }
    const tokens = await tokenResponse.json();
    // oidc-client-ts's User as it stores it (User.toStorageString), the ID token's claims less
    // the protocol ones as its profile (ClaimsService.filterProtocolClaims).
    const profile = jwtClaims(tokens.id_token);
    for (const claim of ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash']) {
      delete profile[claim];
    }
    const user = {
      id_token: tokens.id_token,
      session_state: null,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? oidc.scope,
      profile,
      expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    };
    const { cookies } = await api.storageState();
    return {
      cookies,
      origins: [
        {
          origin,
          localStorage: [
            { name: `oidc.user:${oidc.issuer}:${oidc.clientId}`, value: JSON.stringify(user) },
          ],
        },
      ],
    };
  } finally {
    await api.dispose();
  }
}
