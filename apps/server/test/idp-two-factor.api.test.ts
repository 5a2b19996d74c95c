import { auditLog, eq, users } from '@boon/db';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  consoleRequest,
  expectCallback,
  expectPage,
  headingOf,
  linksOf,
  pageViolations,
  submit,
  type Page,
} from './idp-test-helpers.js';
import {
  alertText,
  authorize,
  codeFrom,
  discover,
  exchangeCode,
  parseForm,
  refresh,
  signInWithBrowser,
  submitSignIn,
  TestBrowser,
  type ProviderMetadata,
} from './oidc-client.js';
import { startTestServer, testPasswords, type TestServer } from './test-server.js';

/**
 * The optional TOTP second factor: enrolment at {issuer}/account/two-factor with the provider's
 * session, sign-in asking for "Authentication code" after the password, codes refused when wrong
 * or reused, tokens carrying amr and mfa_time, and turning it off with a current code.
 */

const PASSWORD = 'two factor password';

let server: TestServer;
let provider: ProviderMetadata;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer();
  provider = await discover(server.baseUrl);
});
afterAll(() => server?.close());

async function newUser() {
  sequence += 1;
  const email = `mfa${sequence}@company.test`;
  const id = `U-MFATEST${String(sequence).padStart(4, '0')}`;
  await server.db.insert(users).values({
    id,
    email,
    emailVerified: true,
    passwordHash: await testPasswords.hash(PASSWORD),
  });
  return { id, email };
}

const settingsUrl = () => `${server.baseUrl}/user/settings`;
const twoFactorUrl = (returnTo: string = settingsUrl()) => {
  const url = new URL(`${server.config.oidc.issuer}/account/two-factor`);
  url.searchParams.set('return_to', returnTo);
  return url;
};

/** The code an authenticator app shows `offsetSeconds` from now. */
function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** A code no step of the ±1 window accepts now. */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-30, 0, 30].map((offset) => codeAt(secret, offset))));
  let candidate = 0;
  while (valid.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

/** The setup key the enrolment page shows, without its grouping spaces. */
function secretOn(page: Page): string {
  const shown = page.html.match(/<p class="secret" id="setup-key">([A-Z2-7 ]+)<\/p>/)?.[1];
  if (!shown) throw new Error('no setup key on the page');
  return shown.replaceAll(' ', '');
}

/** Signs in (password only) and opens the two-factor page in that browser. */
async function enrolmentPage(email: string) {
  const { browser } = await signInWithBrowser({
    baseUrl: server.baseUrl,
    email,
    password: PASSWORD,
  });
  const page = expectPage(await browser.walk(twoFactorUrl()));
  return { browser, page };
}

/** Signs in with a new browser up to the code step. */
async function passwordStep(email: string) {
  const browser = new TestBrowser();
  const request = consoleRequest(server.baseUrl);
  const signInPage = expectPage(await authorize(browser, provider, request));
  const step = await submitSignIn(browser, signInPage, email, PASSWORD, request.redirectUri);
  return { browser, request, page: expectPage(step) };
}

async function totpColumns(id: string) {
  const [row] = await server.db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

describe('two-factor settings', () => {
  it('starts a sign-in through the console when nobody is signed in at the provider', async () => {
    const response = await new TestBrowser().request(twoFactorUrl());
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `${server.baseUrl}/login?redirect=${encodeURIComponent('/user/settings')}`,
    );
  });

  it('never leads back anywhere but the console', async () => {
    const { email } = await newUser();
    const { browser } = await enrolmentPage(email);
    const page = expectPage(await browser.walk(twoFactorUrl('https://evil.example/steal')));
    expect(parseForm(page.html)?.fields.return_to).toBe(settingsUrl());
    expect(linksOf(page.html)['Back to Boon']).toBe(settingsUrl());
  });

  it('enrols with a code from the shown key, and then asks for a code at sign-in', async () => {
    const { id, email } = await newUser();
    const { browser, page } = await enrolmentPage(email);
    expect(page.status).toBe(200);
    expect(headingOf(page.html)).toBe('Set up two-factor authentication');
    expect(page.html).toContain('<label for="code">Authentication code</label>');
    expect(page.html).toMatch(/<input\s+id="code"[^>]*autocomplete="one-time-code"/);
    expect(page.html).toMatch(/<input\s+id="code"[^>]*inputmode="numeric"/);
    expect(await pageViolations(page.html)).toEqual([]);

    // The key, in groups of four, and the otpauth:// link carrying the same secret.
    expect(page.html).toMatch(/<p class="secret" id="setup-key">([A-Z2-7]{4} )+[A-Z2-7]{1,4}<\/p>/);
    const secret = secretOn(page);
    expect(secret).toHaveLength(32);
    const otpauth = new URL(linksOf(page.html)['open the key in your authenticator app']!);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(otpauth.searchParams.get('secret')).toBe(secret);
    expect(otpauth.searchParams.get('issuer')).toBe('Boon');
    expect(decodeURIComponent(otpauth.pathname)).toContain(email);
    // Pending, not on: the secret is kept, sign-in does not ask yet.
    expect(await totpColumns(id)).toEqual({ secret, enabledAt: null });
    // Opening the page again shows the same pending key.
    expect(secretOn(expectPage(await browser.walk(twoFactorUrl())))).toBe(secret);

    const wrong = expectPage(await submit(browser, page, { code: await wrongCode(secret) }));
    expect(wrong.status).toBe(400);
    expect(alertText(wrong.html)).toBe(
      'That code is not right. Enter the current code from your authenticator app.',
    );
    expect(wrong.html).toMatch(/<input\s+id="code"[^>]*aria-invalid="true"/);
    expect(await pageViolations(wrong.html)).toEqual([]);
    expect((await totpColumns(id)).enabledAt).toBeNull();

    const enrolCode = await codeAt(secret);
    const on = expectPage(await submit(browser, wrong, { code: enrolCode }));
    expect(on.status).toBe(200);
    expect(headingOf(on.html)).toBe('Two-factor authentication is on');
    expect(linksOf(on.html)).toEqual({ 'Back to Boon': settingsUrl() });
    expect(await pageViolations(on.html)).toEqual([]);
    expect((await totpColumns(id)).enabledAt).toBeInstanceOf(Date);

    // The user's profile says so (GET /user/me's mfaEnabled reads the same column).
    const audit = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, id));
    expect(audit.map((entry) => entry.action)).toEqual(['user.mfa.enable']);

    // Sign-in now stops after the password and asks for the code.
    const { browser: signInBrowser, request, page: codePage } = await passwordStep(email);
    expect(codePage.status).toBe(200);
    expect(headingOf(codePage.html)).toBe('Two-factor authentication');
    expect(codePage.html).toContain('<label for="code">Authentication code</label>');
    expect(codePage.html).toMatch(/<button type="submit">Continue<\/button>/);
    expect(await pageViolations(codePage.html)).toEqual([]);

    // The code that confirmed the enrolment is spent.
    const reused = expectPage(await submit(signInBrowser, codePage, { code: enrolCode }));
    expect(reused.status).toBe(400);
    expect(alertText(reused.html)).toBe(
      'That code was already used. Wait for the next code in your authenticator app.',
    );
    const wrongAtSignIn = expectPage(
      await submit(signInBrowser, reused, { code: await wrongCode(secret) }),
    );
    expect(alertText(wrongAtSignIn.html)).toBe(
      'That code is not right. Enter the current code from your authenticator app.',
    );

    // The next step's code (one step ahead is within the window), typed with a space.
    const next = await codeAt(secret, 30);
    const callback = expectCallback(
      await submit(
        signInBrowser,
        wrongAtSignIn,
        { code: `${next.slice(0, 3)} ${next.slice(3)}` },
        { stopAt: request.redirectUri },
      ),
    );
    const before = Math.floor(Date.now() / 1000);
    const tokens = await exchangeCode(provider, {
      ...request,
      code: codeFrom(callback, request.state),
    });
    const access = decodeJwt(tokens.accessToken);
    const idToken = decodeJwt(tokens.idToken);
    expect(access).toMatchObject({ sub: id, amr: ['pwd', 'otp'] });
    expect(idToken).toMatchObject({ sub: id, amr: ['pwd', 'otp'] });
    expect(access.mfa_time).toEqual(expect.any(Number));
    expect(Math.abs((access.mfa_time as number) - before)).toBeLessThanOrEqual(5);
    expect(idToken.mfa_time).toBe(access.mfa_time);

    // A refresh keeps when the second factor happened, not when the refresh did.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000, shouldAdvanceTime: true });
    try {
      const refreshed = await refresh(provider, { refreshToken: tokens.refreshToken });
      expect(decodeJwt(refreshed.accessToken)).toMatchObject({
        amr: ['pwd', 'otp'],
        mfa_time: access.mfa_time,
      });
      expect(decodeJwt(refreshed.idToken)).toMatchObject({ mfa_time: access.mfa_time });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a code reused at sign-in after it signed someone in', async () => {
    const { browser: enrolBrowser, page } = await enrolmentPage((await newUser()).email);
    const secret = secretOn(page);
    await submit(enrolBrowser, page, { code: await codeAt(secret) });
    const email = `mfa${sequence}@company.test`;

    const first = await passwordStep(email);
    const code = await codeAt(secret, 30);
    expectCallback(
      await submit(first.browser, first.page, { code }, { stopAt: first.request.redirectUri }),
    );
    const second = await passwordStep(email);
    const refused = expectPage(await submit(second.browser, second.page, { code }));
    expect(refused.status).toBe(400);
    expect(alertText(refused.html)).toBe(
      'That code was already used. Wait for the next code in your authenticator app.',
    );
  });

  it('needs the password step of the same sign-in before a code counts', async () => {
    const { browser: enrolBrowser, page } = await enrolmentPage((await newUser()).email);
    const secret = secretOn(page);
    await submit(enrolBrowser, page, { code: await codeAt(secret) });
    const email = `mfa${sequence}@company.test`;

    // A sign-in that never gave the password posts a code straight to the code step.
    const browser = new TestBrowser();
    const request = consoleRequest(server.baseUrl);
    const signInPage = expectPage(await authorize(browser, provider, request));
    const action = parseForm(signInPage.html)!.action.replace(/\/login$/, '/second-factor');
    const skipped = expectPage(
      await browser.follow(
        await browser.postForm(new URL(action, signInPage.url), {
          code: await codeAt(secret, 30),
        }),
        { stopAt: request.redirectUri },
      ),
    );
    expect(skipped.status).toBe(400);
    expect(alertText(skipped.html)).toBe('Sign in again: enter your email address and password.');
    expect(headingOf(skipped.html)).toBe('Sign in to Boon');

    // Another browser's password step does not count for this one either.
    const other = await passwordStep(email);
    const stolen = await new TestBrowser().postForm(
      new URL(parseForm(other.page.html)!.action, other.page.url),
      { code: await codeAt(secret, 30) },
    );
    expect(stolen.status).toBe(403);
  });

  it('limits codes per account: five a quarter of an hour', async () => {
    const { browser: enrolBrowser, page } = await enrolmentPage((await newUser()).email);
    const secret = secretOn(page);
    await submit(enrolBrowser, page, { code: await codeAt(secret) });
    const email = `mfa${sequence}@company.test`;

    const { browser, request, page: codePage } = await passwordStep(email);
    let current = codePage;
    const bad = await wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      current = expectPage(await submit(browser, current, { code: bad }));
      expect(current.status).toBe(400);
    }
    // Even the right code waits now.
    const limited = expectPage(
      await submit(
        browser,
        current,
        { code: await codeAt(secret, 30) },
        { stopAt: request.redirectUri },
      ),
    );
    expect(limited.status).toBe(429);
    expect(alertText(limited.html)).toBe('Too many attempts. Wait a few minutes and try again.');
  });

  it('turns off with a current code, refusing a wrong one; then sign-in needs the password only', async () => {
    const { id, email } = await newUser();
    const { browser, page } = await enrolmentPage(email);
    const secret = secretOn(page);
    await submit(browser, page, { code: await codeAt(secret) });

    const manage = expectPage(await browser.walk(twoFactorUrl()));
    expect(headingOf(manage.html)).toBe('Two-factor authentication');
    expect(manage.html).toContain('Two-factor authentication is on for');
    expect(manage.html).not.toContain('setup-key');
    expect(manage.html).toMatch(
      /<button type="submit" class="secondary">Turn off two-factor authentication<\/button>/,
    );
    expect(await pageViolations(manage.html)).toEqual([]);

    const wrong = expectPage(await submit(browser, manage, { code: await wrongCode(secret) }));
    expect(wrong.status).toBe(400);
    expect((await totpColumns(id)).enabledAt).toBeInstanceOf(Date);
    const empty = expectPage(await submit(browser, wrong, { code: '' }));
    expect(alertText(empty.html)).toBe('Enter the code from your authenticator app.');

    const off = expectPage(await submit(browser, empty, { code: await codeAt(secret, 30) }));
    expect(off.status).toBe(200);
    expect(headingOf(off.html)).toBe('Two-factor authentication is off');
    expect(await totpColumns(id)).toEqual({ secret: null, enabledAt: null });

    const browser2 = new TestBrowser();
    const request = consoleRequest(server.baseUrl);
    const signInPage = expectPage(await authorize(browser2, provider, request));
    const callback = expectCallback(
      await submitSignIn(browser2, signInPage, email, PASSWORD, request.redirectUri),
    );
    const tokens = await exchangeCode(provider, {
      ...request,
      code: codeFrom(callback, request.state),
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ amr: ['pwd'] });
    expect(decodeJwt(tokens.accessToken)).not.toHaveProperty('mfa_time');

    const audit = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, id));
    expect(audit.map((entry) => entry.action)).toEqual(['user.mfa.enable', 'user.mfa.disable']);
  });

  it('refuses a settings post without its CSRF token or from another origin', async () => {
    const { id, email } = await newUser();
    const { browser, page } = await enrolmentPage(email);
    const secret = secretOn(page);
    const form = parseForm(page.html)!;
    const action = new URL(form.action, page.url);
    const fields = { ...form.fields, code: await codeAt(secret) };

    const forged = await browser.postForm(action, { ...fields, csrf: 'y'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(alertText(await forged.text())).toBe('This form has expired. Enter the code again.');
    const crossSite = await browser.postForm(action, fields, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    // Someone without the session is sent to sign in.
    const stranger = await new TestBrowser().postForm(action, fields);
    expect(stranger.status).toBe(303);
    expect((await totpColumns(id)).enabledAt).toBeNull();
  });
});
