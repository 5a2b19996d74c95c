import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createAccounts, type Accounts } from '@boon/customer-management';
import {
  customers,
  eq,
  memberships,
  oidcPayloads,
  sql,
  users,
  type DatabaseHandle,
} from '@boon/db';
import { startJobQueue, type JobQueue } from '@boon/db/jobs';
import { openTestDatabase } from '@boon/db/testing';
import { createMailer, type Mailer } from '@boon/mail';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  alertText,
  authorize,
  codeFrom,
  discover,
  exchangeCode,
  newAuthorizationRequest,
  parseForm,
  refresh,
  signIn,
  signInWithBrowser,
  submitSignIn,
  TestBrowser,
  TokenRequestError,
  type ProviderMetadata,
} from '../../test/oidc-client.js';
import type { ServerConfig } from '../config.js';
import { securityHeaders } from '../security-headers.js';
import { testConfig, testPasswords } from '../../test/test-server.js';
import { createPayloadAdapter, purgeExpired } from './adapter.js';
import { createEmbeddedIdp, type EmbeddedIdp } from './index.js';
import { providerMetadata } from './provider.js';

const PASSWORD = 'correct horse battery staple';
const CUSTOMER_ID = 'C-IDPTEST1';

interface IdpServer {
  app: FastifyInstance;
  config: ServerConfig;
  idp: EmbeddedIdp;
  baseUrl: string;
  close(): Promise<void>;
}

let handle: DatabaseHandle;
let accounts: Accounts;
let jobs: JobQueue;
let mailer: Mailer;
let server: IdpServer;
let provider: ProviderMetadata;

/**
 * Our plugin in a bare Fastify app, as apps/server wires it: security headers, form parsing,
 * opt-in rate limits. `trustProxy` lets a test speak for many clients through X-Forwarded-For.
 */
async function startIdpServer(
  options: {
    trustProxy?: FastifyServerOptions['trustProxy'];
    /** Records the throttle's delays instead of waiting them out. */
    waitBeforeSignIn?: (delayMs: number) => Promise<void>;
  } = {},
): Promise<IdpServer> {
  const config = await testConfig({ PRODUCT_NAME: 'Boon <Test>' });
  const port = config.port;
  const app = Fastify({ logger: false, trustProxy: options.trustProxy ?? false });
  await app.register(helmet, securityHeaders(config));
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  const idp = await createEmbeddedIdp({
    config,
    db: handle.db,
    accounts,
    mailer,
    jobs,
    log: app.log,
    ...(options.waitBeforeSignIn ? { waitBeforeSignIn: options.waitBeforeSignIn } : {}),
  });
  await app.register(idp.plugin);
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    config,
    idp,
    baseUrl: config.publicUrl,
    close: async () => {
      await idp.close();
      await app.close();
    },
  };
}

async function addUser(
  email: string,
  options: { roles?: string[]; blocked?: boolean; emailVerified?: boolean } = {},
) {
  const id = `U-${email
    .split('@')[0]!
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .padEnd(8, '0')}`;
  await handle.db.insert(users).values({
    id,
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailVerified: options.emailVerified ?? true,
    blocked: options.blocked ?? false,
    passwordHash: await testPasswords.hash(PASSWORD),
  });
  if (options.roles) {
    await handle.db
      .insert(memberships)
      .values({ userId: id, customerId: CUSTOMER_ID, roles: options.roles });
  }
  return id;
}

beforeAll(async () => {
  handle = await openTestDatabase('migrated');
  await handle.migrate();
  await handle.db.insert(customers).values({
    id: CUSTOMER_ID,
    name: 'Identity Test Ltd',
    featureFlags: {
      balances: { enabled: false, floats: [], cardFees: false },
      fx: false,
      breakage: false,
      discounts: false,
    },
  });
  accounts = createAccounts(handle.db, testPasswords);
  // Queues only: the mails stay in the outbox table, as without SMTP.
  jobs = await startJobQueue(handle, { runWorkers: false });
  mailer = await createMailer({
    jobs,
    productName: 'Boon <Test>',
    from: 'Boon <no-reply@idp.test>',
  });
  await addUser('admin@idp.test', { roles: ['admin'] });
  await addUser('finance@idp.test', { roles: ['finance_manager'] });
  await addUser('blocked@idp.test', { roles: ['viewer'], blocked: true });
  await addUser('unverified@idp.test', { roles: ['viewer'], emailVerified: false });
  await addUser('logout@idp.test', { roles: ['viewer'] });
  await addUser('target@idp.test', { roles: ['viewer'] });
  await addUser('guessed@idp.test', { roles: ['viewer'] });
  await addUser('frequent@idp.test', { roles: ['viewer'] });
  server = await startIdpServer();
  provider = await discover(server.baseUrl);
});

afterAll(async () => {
  await server?.close();
  await jobs?.stop();
  await handle?.close();
});

function newRequest() {
  return newAuthorizationRequest({
    clientId: server.config.oidc.clientId,
    redirectUri: `${server.baseUrl}/auth/callback`,
  });
}

function endSessionUrl(params: Record<string, string>): URL {
  const url = new URL(provider.end_session_endpoint);
  url.search = new URLSearchParams(params).toString();
  return url;
}

/** A browser signed in at the provider now, as the console has just left it. */
async function signedInBrowser(email: string) {
  return signInWithBrowser({ baseUrl: server.baseUrl, email, password: PASSWORD });
}

/** The page that asks before signing out: no script submits it, the user decides. */
function expectSignOutQuestion(html: string) {
  expect(html).toMatch(/<title>Sign out – Boon &lt;Test&gt;<\/title>/);
  expect(html).toContain('<h1>Sign out of Boon &lt;Test&gt;?</h1>');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<noscript');
  expect(html).toMatch(/<button type="submit" form="op.logoutForm">Sign out<\/button>/);
  expect(html).toContain(`<a href="${server.baseUrl}/">Stay signed in</a>`);
  expect(html).toContain('<style>');
  const form = parseForm(html, 'op.logoutForm');
  expect(form?.method).toBe('post');
  expect(form?.fields).toMatchObject({ logout: 'yes', xsrf: expect.any(String) });
  return form!;
}

/** Whether `browser` still has a provider session: a new authorization needs no form. */
async function stillSignedIn(browser: TestBrowser): Promise<boolean> {
  return (await authorize(browser, provider, newRequest())).kind === 'callback';
}

/**
 * Runs `work` with every database query first waiting for the event loop, as a round trip to a
 * PostgreSQL server does. In-process PGlite answers without ever yielding to I/O, so concurrent
 * requests would otherwise run one after the other and never race.
 */
async function withDatabaseLatency<T>(work: () => Promise<T>): Promise<T> {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const client = (handle.db as unknown as { $client: { query: Query } }).$client;
  const query = client.query;
  client.query = async (...args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return query.apply(client, args);
  };
  try {
    return await work();
  } finally {
    client.query = query;
  }
}

const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Wait a few minutes and try again.';

/** The sign-in page a throttled post gets: 429, Retry-After, the e-mail kept, the message announced. */
async function expectThrottledPage(
  response: Response,
  expected: { email: string; action: string; maxSeconds: number },
) {
  const { email, action, maxSeconds } = expected;
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  const html = await response.text();
  expect(alertText(html)).toBe(TOO_MANY_ATTEMPTS);
  expect(html).toMatch(/<p class="error" id="sign-in-error" role="alert">/);
  expect(html).toMatch(/<input\s+id="email"[^>]*aria-describedby="sign-in-error"/);
  expect(html).toContain('<h1>Sign in to Boon &lt;Test&gt;</h1>');
  // The same form again, for when the wait is over; the fields are not marked wrong.
  expect(parseForm(html)).toMatchObject({ action, fields: { email } });
  expect(withoutStyles(html)).not.toContain('aria-invalid');
}

/** A page's markup without its inline stylesheet (whose selectors name attributes too). */
function withoutStyles(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/g, '');
}

/**
 * A sign-in page opened at `target`, whose form can be posted many times (concurrently too), each
 * from the client address given (through the trusted proxy) or from this machine.
 */
async function signInAttempt(target: IdpServer) {
  const targetProvider = await discover(target.baseUrl);
  const request = newAuthorizationRequest({
    clientId: target.config.oidc.clientId,
    redirectUri: `${target.baseUrl}/auth/callback`,
  });
  const browser = new TestBrowser();
  const page = await authorize(browser, targetProvider, request);
  if (page.kind !== 'page') throw new Error('expected the sign-in page');
  return {
    browser,
    page,
    post: (email: string, password: string, clientAddress?: string) =>
      submitSignIn(
        browser,
        page,
        email,
        password,
        request.redirectUri,
        clientAddress ? { 'x-forwarded-for': clientAddress } : {},
      ),
  };
}

describe('embedded identity provider', () => {
  it('publishes discovery and its public keys under /idp', async () => {
    const { config, idp } = server;
    expect(provider.issuer).toBe(`${config.publicUrl}/idp`);
    expect(provider).toMatchObject({
      authorization_endpoint: `${config.publicUrl}/idp/auth`,
      token_endpoint: `${config.publicUrl}/idp/token`,
      end_session_endpoint: `${config.publicUrl}/idp/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(provider.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );

    const jwks = (await (await fetch(provider.jwks_uri)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(idp.publicJwks.keys.map((key) => key.kid));
    for (const key of idp.publicJwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('publishes the endpoints the console is told of, so it can skip discovery', async () => {
    expect(provider).toMatchObject(providerMetadata(server.config.idp.issuer));
  });

  it('refuses an authorization request without PKCE', async () => {
    const request = newRequest();
    const url = new URL(provider.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: request.scope,
      state: request.state,
    }).toString();
    const step = await new TestBrowser().walk(url, { stopAt: request.redirectUri });
    expect(step.kind).toBe('callback');
    if (step.kind !== 'callback') return;
    expect(step.url.searchParams.get('error')).toBe('invalid_request');
  });

  it('shows an accessible sign-in page with the login hint filled in', async () => {
    const step = await authorize(new TestBrowser(), provider, {
      ...newRequest(),
      loginHint: 'admin@idp.test',
    });
    expect(step.kind).toBe('page');
    if (step.kind !== 'page') return;
    const { html } = step;
    expect(step.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Sign in – Boon &lt;Test&gt;<\/title>/);
    expect(html).toContain('<main');
    expect(html).toContain('<h1>Sign in to Boon &lt;Test&gt;</h1>');
    expect(html).toContain('<label for="email">Email address</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input\s+id="email"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<input\s+id="password"[^>]*autocomplete="current-password"/);
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
    expect(parseForm(html)?.fields.email).toBe('admin@idp.test');
    // No inline code, nothing from elsewhere: our CSP allows only our own scripts. The styles
    // come inside the page, one <style> and no style attributes, so no request holds up the form.
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain(':focus-visible');
  });

  it('answers a signed-out authorization request with the sign-in form itself, no redirect first', async () => {
    const browser = new TestBrowser();
    const step = await authorize(browser, provider, {
      ...newRequest(),
      loginHint: 'admin@idp.test',
    });
    expect(step.kind).toBe('page');
    if (step.kind !== 'page') return;
    // The page is the authorization endpoint's answer; the form posts to the interaction.
    expect(`${step.url.origin}${step.url.pathname}`).toBe(provider.authorization_endpoint);
    expect(step.status).toBe(200);
    const form = parseForm(step.html);
    expect(form?.action).toMatch(/^\/idp\/interaction\/[\w-]+\/login$/);
    expect(form?.fields.email).toBe('admin@idp.test');
    // The interaction's own address (a reload there) shows the same form.
    const entry = new URL(form!.action.replace(/\/login$/, ''), server.baseUrl);
    const again = await browser.walk(entry);
    expect(again.kind === 'page' && parseForm(again.html)).toEqual(form);

    const signedIn = await submitSignIn(
      browser,
      step,
      'admin@idp.test',
      PASSWORD,
      `${server.baseUrl}/auth/callback`,
    );
    expect(signedIn.kind).toBe('callback');
  });

  it('signs in with code and PKCE and issues a JWT access token with our claims', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'admin@idp.test',
      password: PASSWORD,
    });
    const { config, idp } = server;
    const { payload, protectedHeader } = await jwtVerify(
      tokens.accessToken,
      createLocalJWKSet(idp.publicJwks),
      { issuer: config.oidc.issuer, audience: config.oidc.audience },
    );
    const expected = await accounts.tokenClaims(payload.sub!);
    if (!expected.ok) throw new Error(`no claims for ${payload.sub}`);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: `${config.publicUrl}/idp`,
      aud: config.oidc.audience,
      client_id: 'boon-console',
      email: 'admin@idp.test',
      email_verified: true,
      is_staff: false,
      customer_ids: [CUSTOMER_ID],
      roles: ['admin'],
      customer_id: CUSTOMER_ID,
      permissions: expected.claims.permissions,
    });
    expect(payload.permissions).toEqual(expect.arrayContaining(['write:orders', 'read:billing']));
    expect(payload.exp! - payload.iat!).toBe(600);

    const idToken = decodeJwt(tokens.idToken);
    expect(idToken).toMatchObject({
      iss: config.oidc.issuer,
      aud: 'boon-console',
      sub: payload.sub,
      email: 'admin@idp.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('gives a user whose e-mail is not verified no code: back to the client with the address', async () => {
    const browser = new TestBrowser();
    const request = newRequest();
    const page = await authorize(browser, provider, request);
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const step = await submitSignIn(
      browser,
      page,
      'unverified@idp.test',
      PASSWORD,
      request.redirectUri,
    );
    expect(step.kind).toBe('callback');
    if (step.kind !== 'callback') return;
    expect(step.url.searchParams.get('error')).toBe('access_denied');
    expect(step.url.searchParams.get('error_description')).toBe(
      'email-unverified:unverified%40idp.test',
    );
    expect(step.url.searchParams.get('code')).toBeNull();
    expect(step.url.searchParams.get('state')).toBe(request.state);
    // Nobody is signed in afterwards: the next authorization asks for the password again.
    expect(await stillSignedIn(browser)).toBe(false);
  });

  it('says nothing of verification to someone with the wrong password', async () => {
    const browser = new TestBrowser();
    const request = newRequest();
    const page = await authorize(browser, provider, request);
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const step = await submitSignIn(
      browser,
      page,
      'unverified@idp.test',
      'wrong',
      request.redirectUri,
    );
    expect(step.kind === 'page' && alertText(step.html)).toBe('Wrong email or password.');
  });

  it('refreshes with rotation, and treats a replayed refresh token as theft', async () => {
    const first = await signIn({
      baseUrl: server.baseUrl,
      email: 'finance@idp.test',
      password: PASSWORD,
    });
    const second = await refresh(provider, { refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const claims = (await jwtVerify(second.accessToken, createLocalJWKSet(server.idp.publicJwks)))
      .payload;
    expect(claims).toMatchObject({ roles: ['finance_manager'], aud: server.config.oidc.audience });

    const third = await refresh(provider, { refreshToken: second.refreshToken });
    expect(third.refreshToken).not.toBe(second.refreshToken);

    const replay = refresh(provider, { refreshToken: first.refreshToken });
    await expect(replay).rejects.toMatchObject({ body: { error: 'invalid_grant' } });
    // Replaying revokes the whole grant, so the thief's and the victim's tokens both stop.
    await expect(refresh(provider, { refreshToken: third.refreshToken })).rejects.toBeInstanceOf(
      TokenRequestError,
    );
  });

  it('keeps the user signed in at the provider: a second authorization needs no form', async () => {
    const { browser } = await signInWithBrowser({
      baseUrl: server.baseUrl,
      email: 'admin@idp.test',
      password: PASSWORD,
    });
    const request = newRequest();
    const step = await authorize(browser, provider, request);
    expect(step.kind).toBe('callback');
    if (step.kind !== 'callback') return;
    const tokens = await exchangeCode(provider, {
      ...request,
      code: codeFrom(step.url, request.state),
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ email: 'admin@idp.test' });
  });

  it('answers a wrong password or unknown e-mail with the same message and no code', async () => {
    for (const email of ['admin@idp.test', 'nobody@idp.test']) {
      const browser = new TestBrowser();
      const request = newRequest();
      const page = await authorize(browser, provider, request);
      if (page.kind !== 'page') throw new Error('expected the sign-in page');
      const step = await submitSignIn(
        browser,
        page,
        email,
        'not the password',
        request.redirectUri,
      );
      expect(step.kind).toBe('page');
      if (step.kind !== 'page') return;
      expect(step.status).toBe(400);
      expect(alertText(step.html)).toBe('Wrong email or password.');
      expect(step.html).toMatch(/<p class="error" id="sign-in-error" role="alert">/);
      expect(step.html).toMatch(/<input\s+id="email"[^>]*aria-describedby="sign-in-error"/);
      expect(step.html).toMatch(/<input\s+id="password"[^>]*aria-invalid="true"/);
      expect(parseForm(step.html)?.fields.email).toBe(email);

      // The same form still works afterwards.
      const retry = await submitSignIn(
        browser,
        step,
        'admin@idp.test',
        PASSWORD,
        request.redirectUri,
      );
      expect(retry.kind).toBe('callback');
    }
  });

  it('ends the authorization of a blocked user with access_denied', async () => {
    const browser = new TestBrowser();
    const request = newRequest();
    const page = await authorize(browser, provider, request);
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const step = await submitSignIn(
      browser,
      page,
      'blocked@idp.test',
      PASSWORD,
      request.redirectUri,
    );
    expect(step.kind).toBe('callback');
    if (step.kind !== 'callback') return;
    expect(step.url.searchParams.get('error')).toBe('access_denied');
    expect(step.url.searchParams.get('error_description')).toBe('user is blocked');
    expect(step.url.searchParams.get('code')).toBeNull();
    expect(step.url.searchParams.get('state')).toBe(request.state);
  });

  it('refuses a sign-in post without the interaction cookie or from another origin', async () => {
    const browser = new TestBrowser();
    const page = await authorize(browser, provider, newRequest());
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const form = parseForm(page.html)!;
    const action = new URL(form.action, page.url);
    const fields = { email: 'admin@idp.test', password: PASSWORD };

    const withoutCookie = await new TestBrowser().postForm(action, fields);
    expect(withoutCookie.status).toBe(403);
    expect(withoutCookie.headers.get('location')).toBeNull();

    const crossSite = await browser.postForm(action, fields, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('location')).toBeNull();
  });

  it('signs out through RP-initiated logout without asking, then asks for the password again', async () => {
    const { browser, tokens } = await signInWithBrowser({
      baseUrl: server.baseUrl,
      email: 'logout@idp.test',
      password: PASSWORD,
    });
    const postLogout = `${server.baseUrl}/`;
    const endSession = new URL(provider.end_session_endpoint);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.idToken,
      post_logout_redirect_uri: postLogout,
      state: 'after-logout',
    }).toString();

    const page = await browser.walk(endSession);
    if (page.kind !== 'page') throw new Error('expected the logout page');
    expect(page.status).toBe(200);
    expect(page.html).not.toMatch(/Do you want to sign-out/i);
    expect(page.html).toMatch(
      /<script src="\/idp\/assets\/logout\.[0-9a-f]{12}\.js" defer><\/script>/,
    );
    expect(page.html).toMatch(
      /<noscript>[\s\S]*<button type="submit" form="op.logoutForm">Sign out<\/button>[\s\S]*<\/noscript>/,
    );
    const script = page.html.match(/<script src="([^"]+)"/)![1]!;
    const scriptResponse = await fetch(new URL(script, server.baseUrl));
    expect(scriptResponse.headers.get('content-type')).toContain('javascript');
    expect(await scriptResponse.text()).toContain('.submit()');

    // What the script does: submit oidc-provider's form, with logout=yes tied to it.
    const form = parseForm(page.html, 'op.logoutForm')!;
    expect(form.fields).toMatchObject({ logout: 'yes', xsrf: expect.any(String) });
    const confirm = await browser.postForm(new URL(form.action, page.url), form.fields);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${postLogout}?state=after-logout`);

    const request = newRequest();
    const again = await authorize(browser, provider, request);
    expect(again.kind).toBe('page');
    if (again.kind === 'page') expect(parseForm(again.html)?.fields).toHaveProperty('password');
    // The session's refresh tokens ended with it.
    await expect(refresh(provider, { refreshToken: tokens.refreshToken })).rejects.toMatchObject({
      body: { error: 'invalid_grant' },
    });
  });

  it('asks before signing out when the request carries no id_token_hint (no cross-site sign-out)', async () => {
    const { browser, tokens } = await signedInBrowser('logout@idp.test');
    // What any other site can make the browser do: a top-level GET with the public client_id.
    const page = await browser.walk(
      endSessionUrl({ client_id: 'boon-console', post_logout_redirect_uri: `${server.baseUrl}/` }),
    );
    if (page.kind !== 'page') throw new Error('expected the logout page');
    expect(page.status).toBe(200);
    const form = expectSignOutQuestion(page.html);

    // Opening the page ended nothing: the session and its refresh token still work.
    expect(await stillSignedIn(browser)).toBe(true);
    const refreshed = await refresh(provider, { refreshToken: tokens.refreshToken });

    // The user's own answer signs out, as the automatic page would have.
    const confirm = await browser.postForm(new URL(form.action, page.url), form.fields);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${server.baseUrl}/`);
    expect(await stillSignedIn(browser)).toBe(false);
    await expect(refresh(provider, { refreshToken: refreshed.refreshToken })).rejects.toMatchObject(
      { body: { error: 'invalid_grant' } },
    );
  });

  it('asks, too, when the id_token_hint is not for the session being ended', async () => {
    // This user's ID token from an earlier, ended session: end-session URLs carry it into browser
    // history and logs.
    const { browser: earlier, tokens: old } = await signedInBrowser('logout@idp.test');
    const end = await earlier.walk(endSessionUrl({ id_token_hint: old.idToken }));
    if (end.kind !== 'page') throw new Error('expected the logout page');
    const endForm = parseForm(end.html, 'op.logoutForm')!;
    await earlier.postForm(new URL(endForm.action, end.url), endForm.fields);
    expect(await stillSignedIn(earlier)).toBe(false);

    // A minute later, signed in again. Only Date moves: the provider's clock, not the timers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000, shouldAdvanceTime: true });
    try {
      // Another user's valid ID token: anyone can sign in and hold one of their own.
      const someoneElse = await signIn({
        baseUrl: server.baseUrl,
        email: 'finance@idp.test',
        password: PASSWORD,
      });
      const { browser, tokens: current } = await signedInBrowser('logout@idp.test');
      for (const hint of [someoneElse.idToken, old.idToken]) {
        const page = await browser.walk(
          endSessionUrl({ id_token_hint: hint, post_logout_redirect_uri: `${server.baseUrl}/` }),
        );
        if (page.kind !== 'page') throw new Error('expected the logout page');
        expectSignOutQuestion(page.html);
        expect(await stillSignedIn(browser)).toBe(true);
      }
      // This session's own token still signs out without asking.
      const page = await browser.walk(endSessionUrl({ id_token_hint: current.idToken }));
      expect(page.kind === 'page' && page.html).toContain('<h1>Signing you out</h1>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the same self-submitting logout page when there is no session to end', async () => {
    const browser = new TestBrowser();
    const endSession = new URL(provider.end_session_endpoint);
    endSession.search = new URLSearchParams({
      client_id: 'boon-console',
      post_logout_redirect_uri: server.baseUrl,
    }).toString();
    const page = await browser.walk(endSession);
    if (page.kind !== 'page') throw new Error('expected the logout page');
    expect(page.html).toContain('<h1>Signing you out</h1>');
    expect(page.html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    const form = parseForm(page.html, 'op.logoutForm')!;
    const confirm = await browser.postForm(new URL(form.action, page.url), form.fields);
    expect(confirm.status).toBe(303);
    // The registered URI without the slash is accepted; the redirect normalises it.
    expect(confirm.headers.get('location')).toBe(`${server.baseUrl}/`);
  });

  it('renders its own error page for a request it cannot send back to the client', async () => {
    const url = new URL(provider.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: 'boon-console',
      redirect_uri: 'https://evil.example/callback',
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('<h1>Sign-in could not continue</h1>');
    expect(body).toContain('Error code: invalid_redirect_uri');
    // Ours, not oidc-provider's default page (its own <style> and fonts from Google).
    expect(body).not.toContain('googleapis');
    expect(body.match(/<style>/g)).toHaveLength(1);
    expect(body).toContain('class="brand-name"');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("serves every page with the app's security headers, its own and oidc-provider's", async () => {
    const pages = [
      // oidc-provider's error page, its logout page, then our sign-in route's.
      `${provider.authorization_endpoint}?client_id=nobody`,
      endSessionUrl({ client_id: 'boon-console' }).href,
      `${server.baseUrl}/idp/interaction/some-uid`,
    ];
    for (const url of pages) {
      const response = await fetch(url);
      await response.body?.cancel();
      expect(response.headers.get('content-type')).toContain('text/html');
      const policy = response.headers.get('content-security-policy');
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-ancestors 'none';");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('rate-limits sign-in posts', async () => {
    const other = await startIdpServer();
    try {
      const url = new URL('/idp/interaction/some-uid/login', other.baseUrl);
      const statuses: number[] = [];
      // A new e-mail address each time, so only the per-client limit can answer.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const fields = { email: `user${attempt}@b.test`, password: 'x' };
        const response = await new TestBrowser().postForm(url, fields);
        await response.body?.cancel();
        statuses.push(response.status);
      }
      expect(statuses.every((status) => status === 403)).toBe(true);
      // The browser gets the sign-in page back, saying why, not the API's JSON error.
      const limited = await new TestBrowser().postForm(url, {
        email: 'late@b.test',
        password: 'x',
      });
      await expectThrottledPage(limited, {
        email: 'late@b.test',
        action: '/idp/interaction/some-uid/login',
        maxSeconds: 60,
      });
    } finally {
      await other.close();
    }
  });

  it('lets no one lock an account: 50 wrong passwords from 10 addresses, then the right one from another signs in, after a wait', async () => {
    const waits: number[] = [];
    const other = await startIdpServer({
      trustProxy: '127.0.0.1',
      waitBeforeSignIn: async (delayMs) => {
        waits.push(delayMs);
      },
    });
    try {
      const email = 'target@idp.test';
      const guesses = await Promise.all(
        Array.from({ length: 10 }, async (_, client) => {
          const attempt = await signInAttempt(other);
          return Promise.all(
            Array.from({ length: 5 }, () =>
              attempt.post(email, 'not the password', `203.0.113.${client + 1}`),
            ),
          );
        }),
      );
      // Wrong answers, not refusals: the source of a guess is limited, the account is not.
      expect(guesses.flat().map((step) => step.kind === 'page' && step.status)).toEqual(
        Array.from({ length: 50 }, () => 400),
      );
      // Four tries without waiting, then 1, 2 and 4 s, then the longest wait, 8 s, for the rest.
      expect(waits.toSorted((a, b) => a - b)).toEqual([
        0,
        0,
        0,
        0,
        1_000,
        2_000,
        4_000,
        ...Array.from({ length: 43 }, () => 8_000),
      ]);

      const owner = await signInAttempt(other);
      const step = await owner.post(email, PASSWORD, '198.51.100.7');
      expect(step.kind).toBe('callback');
      // Slowed by the guessing, at most by its longest wait.
      expect(waits.slice(50)).toEqual([8_000]);
    } finally {
      await other.close();
    }
  });

  it('limits failures of one e-mail address from one client address; a success clears them', async () => {
    const waits: number[] = [];
    const other = await startIdpServer({
      trustProxy: '127.0.0.1',
      waitBeforeSignIn: async (delayMs) => {
        waits.push(delayMs);
      },
    });
    try {
      const email = 'guessed@idp.test';
      const guesser = await signInAttempt(other);
      const guesses = await Promise.all(
        Array.from({ length: 10 }, () => guesser.post(email, 'not the password', '203.0.113.50')),
      );
      expect(guesses.map((step) => step.kind === 'page' && step.status)).toEqual(
        Array.from({ length: 10 }, () => 400),
      );
      // The eleventh from there is refused before the password is looked at, even the right one.
      const form = parseForm(guesser.page.html)!;
      const refused = await guesser.browser.postForm(
        new URL(form.action, guesser.page.url),
        { ...form.fields, email, password: PASSWORD },
        { 'x-forwarded-for': '203.0.113.50' },
      );
      await expectThrottledPage(refused, { email, action: form.action, maxSeconds: 15 * 60 });

      // The owner, elsewhere, signs in; that clears the address's count, not the guesser's.
      const owner = await signInAttempt(other);
      expect((await owner.post(email, PASSWORD, '198.51.100.8')).kind).toBe('callback');
      const again = await guesser.browser.postForm(
        new URL(form.action, guesser.page.url),
        { ...form.fields, email, password: 'not the password' },
        { 'x-forwarded-for': '203.0.113.50' },
      );
      await again.body?.cancel();
      expect(again.status).toBe(429);

      // A typo, then the right password: no wait, no refusal.
      const waitsBefore = waits.length;
      const person = await signInAttempt(other);
      const typo = await person.post('finance@idp.test', 'typo', '198.51.100.9');
      expect(typo.kind === 'page' && typo.status).toBe(400);
      expect((await person.post('finance@idp.test', PASSWORD, '198.51.100.9')).kind).toBe(
        'callback',
      );
      expect(waits.slice(waitsBefore)).toEqual([0, 0]);
    } finally {
      await other.close();
    }
  });

  it('counts only failures: the same person signing in twelve times is never refused', async () => {
    const other = await startIdpServer();
    try {
      for (let signIn = 0; signIn < 12; signIn += 1) {
        const attempt = await signInAttempt(other);
        const step = await attempt.post('frequent@idp.test', PASSWORD);
        expect(step.kind, `sign-in ${signIn + 1}`).toBe('callback');
      }
    } finally {
      await other.close();
    }
  });

  it('redeems an authorization code once, even when two token requests race', async () => {
    const browser = new TestBrowser();
    const request = newRequest();
    const page = await authorize(browser, provider, request);
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const step = await submitSignIn(browser, page, 'admin@idp.test', PASSWORD, request.redirectUri);
    if (step.kind !== 'callback') throw new Error('expected the callback');
    const code = codeFrom(step.url, request.state);

    const results = await withDatabaseLatency(() =>
      Promise.allSettled([
        exchangeCode(provider, { ...request, code }),
        exchangeCode(provider, { ...request, code }),
      ]),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // A code used twice is treated as stolen, as a later replay is: the grant is revoked.
    await expect(
      refresh(provider, { refreshToken: won[0]!.value.refreshToken }),
    ).rejects.toMatchObject({ body: { error: 'invalid_grant' } });
  });

  it('rotates a refresh token once, even when two refresh requests race', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'finance@idp.test',
      password: PASSWORD,
    });
    const results = await withDatabaseLatency(() =>
      Promise.allSettled([
        refresh(provider, { refreshToken: tokens.refreshToken }),
        refresh(provider, { refreshToken: tokens.refreshToken }),
      ]),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost[0]?.reason).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await expect(
      refresh(provider, { refreshToken: won[0]!.value.refreshToken }),
    ).rejects.toMatchObject({ body: { error: 'invalid_grant' } });
  });

  it.each([
    ['an unknown resource', [['resource', 'https://evil.example/api']]],
    ['a resource that is not a URI', [['resource', 'not a uri']]],
    [
      'two resources',
      [
        ['resource', 'https://a.example'],
        ['resource', 'https://b.example'],
      ],
    ],
    ['a scope the token does not hold', [['scope', 'openid offline_access']]],
    ['an unknown scope', [['scope', 'openid admin']]],
    [
      'a held scope with an unknown resource',
      [
        ['scope', 'openid'],
        ['resource', 'https://evil.example/api'],
      ],
    ],
  ] as [string, [string, string][]][])(
    'refuses a refresh with %s without spending the refresh token',
    async (_label, extraParams) => {
      const tokens = await signIn({
        baseUrl: server.baseUrl,
        email: 'finance@idp.test',
        password: PASSWORD,
      });
      await expect(
        refresh(provider, { refreshToken: tokens.refreshToken, extraParams }),
      ).rejects.toMatchObject({ status: 400 });
      // The same refresh token, as the client still holds it, still works: no replay, no revocation.
      const renewed = await refresh(provider, { refreshToken: tokens.refreshToken });
      expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
      await expect(
        refresh(provider, { refreshToken: renewed.refreshToken }),
      ).resolves.toBeDefined();
    },
  );

  it('keeps its keys across restarts, so earlier tokens still verify', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'admin@idp.test',
      password: PASSWORD,
    });
    const restarted = await createEmbeddedIdp({
      config: server.config,
      db: handle.db,
      accounts,
      mailer,
      jobs,
      log: server.app.log,
    });
    try {
      expect(restarted.publicJwks).toEqual(server.idp.publicJwks);
      await expect(
        jwtVerify(tokens.accessToken, createLocalJWKSet(restarted.publicJwks), {
          issuer: server.config.oidc.issuer,
          audience: server.config.oidc.audience,
        }),
      ).resolves.toBeDefined();
    } finally {
      await restarted.close();
    }
  });
});

describe('payload adapter', () => {
  it('lets one of two racing redemptions consume a code, and treats the other as a replay', async () => {
    const adapterFor = createPayloadAdapter(handle.db);
    const codes = adapterFor('AuthorizationCode');
    const refreshTokens = adapterFor('RefreshToken');
    const grants = adapterFor('Grant');
    await grants.upsert('grant-2', { jti: 'grant-2', kind: 'Grant' }, 60);
    await codes.upsert('code-2', { jti: 'code-2', grantId: 'grant-2' }, 60);
    await refreshTokens.upsert('rt-2', { jti: 'rt-2', grantId: 'grant-2' }, 60);
    await refreshTokens.upsert('rt-3', { jti: 'rt-3', grantId: 'grant-3' }, 60);

    const results = await Promise.allSettled([codes.consume('code-2'), codes.consume('code-2')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ error: 'invalid_grant' });
    // As oidc-provider does on a replay: the grant and everything issued under it go.
    expect(await grants.find('grant-2')).toBeUndefined();
    expect(await codes.find('code-2')).toBeUndefined();
    expect(await refreshTokens.find('rt-2')).toBeUndefined();
    expect(await refreshTokens.find('rt-3')).toBeDefined();
  });

  it('finds, consumes, expires and revokes rows per model', async () => {
    const adapterFor = createPayloadAdapter(handle.db);
    const codes = adapterFor('AuthorizationCode');
    const refreshTokens = adapterFor('RefreshToken');
    const sessions = adapterFor('Session');

    await codes.upsert(
      'code-1',
      { jti: 'code-1', grantId: 'grant-1', kind: 'AuthorizationCode' },
      60,
    );
    await refreshTokens.upsert('rt-1', { jti: 'rt-1', grantId: 'grant-1' }, 60);
    await sessions.upsert('session-1', { jti: 'session-1', uid: 'uid-1' }, 60);

    expect(await codes.find('code-1')).toMatchObject({ jti: 'code-1', grantId: 'grant-1' });
    expect(await refreshTokens.find('code-1')).toBeUndefined();
    expect(await sessions.findByUid('uid-1')).toMatchObject({ jti: 'session-1' });

    await codes.consume('code-1');
    const consumed = (await codes.find('code-1'))?.consumed;
    expect(consumed).toEqual(expect.any(Number));
    await codes.upsert(
      'code-1',
      { jti: 'code-1', grantId: 'grant-1', kind: 'AuthorizationCode' },
      60,
    );
    // A later save keeps it consumed, with its first time.
    expect((await codes.find('code-1'))?.consumed).toBe(consumed);

    await codes.revokeByGrantId('grant-1');
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await refreshTokens.find('rt-1')).toBeDefined();

    await handle.db
      .update(oidcPayloads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcPayloads.id, 'rt-1'));
    expect(await refreshTokens.find('rt-1')).toBeUndefined();
    expect(await purgeExpired(handle.db)).toBeGreaterThanOrEqual(1);
    const left = await handle.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'rt-1'));
    expect(left).toHaveLength(0);

    await sessions.destroy('session-1');
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
  });
});
