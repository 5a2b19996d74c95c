import { auditLog, emailTokens, eq, oidcPayloads, sql, users } from '@boon/db';
import { decodeJwt } from 'jose';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleRequest,
  expectCallback,
  expectPage,
  headingOf,
  linkIn,
  linksOf,
  mailJobsDone,
  mailJobStates,
  mailsTo,
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
  signIn,
  signInWithBrowser,
  submitSignIn,
  TestBrowser,
  type ProviderMetadata,
} from './oidc-client.js';
import { startTestServer, testPasswords, type TestServer } from './test-server.js';
import { tokenCutoffOf } from './customer-management-client.js';
import { PASSWORD_RESET_MAIL_QUEUE } from '../src/idp/account-mail-jobs.js';

/**
 * Password reset at the embedded provider: "Forgot your password?" on the sign-in page, the same
 * answer for any address, a mailed single-use link valid for an hour, the new password twice;
 * afterwards the old password is refused, the new one works, the user's other reset links and
 * every session and refresh token of the user are gone.
 */

const OLD_PASSWORD = 'the old password 2026';
const NEW_PASSWORD = 'the new password 2026';
const SENT = 'If an account exists for that address, we sent a link to reset the password.';

let server: TestServer;
let provider: ProviderMetadata;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer();
  provider = await discover(server.baseUrl);
});
afterAll(() => server?.close());

/** A verified user of no customer, with OLD_PASSWORD (and a TOTP second factor if given). */
async function newUser(
  options: { emailVerified?: boolean; blocked?: boolean; totpSecret?: string } = {},
) {
  sequence += 1;
  const email = `reset${sequence}@company.test`;
  const id = `U-RESET${String(sequence).padStart(4, '0')}`;
  await server.db.insert(users).values({
    id,
    email,
    emailVerified: options.emailVerified ?? true,
    blocked: options.blocked ?? false,
    passwordHash: await testPasswords.hash(OLD_PASSWORD),
    ...(options.totpSecret ? { totpSecret: options.totpSecret, totpEnabledAt: new Date() } : {}),
  });
  return { id, email };
}

const forgotUrl = () => new URL(`${server.config.oidc.issuer}/forgot-password`);

/** Asks for a reset link for `email` through the form, as a browser would, and lets it be sent. */
async function requestReset(email: string): Promise<Page> {
  const browser = new TestBrowser();
  const page = expectPage(await browser.walk(forgotUrl()));
  const answer = expectPage(await submit(browser, page, { email }));
  await mailJobsDone(server.db, PASSWORD_RESET_MAIL_QUEUE);
  return answer;
}

async function resetLinks(email: string): Promise<URL[]> {
  return (await mailsTo(server.db, email, 'reset-password')).map(linkIn);
}

/** The provider's stored sessions, grants and tokens of the account, by model. */
async function signInRows(accountId: string): Promise<string[]> {
  const rows = await server.db
    .select({ model: oidcPayloads.model })
    .from(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
  return rows.map((row) => row.model).sort();
}

async function signInOutcome(email: string, password: string) {
  const browser = new TestBrowser();
  const request = consoleRequest(server.baseUrl);
  const page = expectPage(await authorize(browser, provider, request));
  return submitSignIn(browser, page, email, password, request.redirectUri);
}

async function userMe(accessToken: string) {
  const response = await fetch(`${server.baseUrl}/api/customer-management/user/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as unknown,
  };
}

/** Resolves once the clock is in a later whole second than `moment`. */
async function nextSecondAfter(moment: Date): Promise<void> {
  const next = (Math.floor(moment.getTime() / 1000) + 1) * 1000;
  const wait = next - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

describe('forgot password', () => {
  it('is linked from sign-in and asks for the address in an accessible form', async () => {
    const browser = new TestBrowser();
    const signInPage = expectPage(
      await authorize(browser, provider, consoleRequest(server.baseUrl)),
    );
    const page = expectPage(
      await browser.walk(
        new URL(linksOf(signInPage.html)['Forgot your password?']!, signInPage.url),
      ),
    );
    expect(page.status).toBe(200);
    expect(headingOf(page.html)).toBe('Reset your password');
    expect(page.html).toContain('<label for="email">Email address</label>');
    expect(page.html).toMatch(/<button type="submit">Send reset link<\/button>/);
    expect(parseForm(page.html)).toMatchObject({
      action: '/idp/forgot-password',
      method: 'post',
      fields: { csrf: expect.stringMatching(/^[\w-]{43}$/) },
    });
    expect(linksOf(page.html)['Back to sign in']).toBe(`${server.baseUrl}/login`);
    expect(await pageViolations(page.html)).toEqual([]);
  });

  it('answers the same for any address, and mails a link only to an account', async () => {
    const { email } = await newUser();
    const { email: blocked } = await newUser({ blocked: true });
    const pages: string[] = [];
    for (const address of [email, 'nobody@company.test', blocked]) {
      const answer = await requestReset(address);
      expect(answer.status).toBe(200);
      expect(headingOf(answer.html)).toBe('Check your inbox');
      expect(answer.html).toContain(`<p class="lead" role="status">${SENT}</p>`);
      pages.push(answer.html);
    }
    expect(new Set(pages).size).toBe(1);
    expect(await pageViolations(pages[0]!)).toEqual([]);
    // The request looked up nobody: it queued the same job for each address, and the job sent
    // the one mail.
    for (const address of [email, 'nobody@company.test', blocked]) {
      expect(await mailJobStates(server.db, PASSWORD_RESET_MAIL_QUEUE, address)).toEqual([
        'completed',
      ]);
    }

    const [mail, ...more] = await mailsTo(server.db, email, 'reset-password');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Reset your Boon password');
    const link = linkIn(mail!);
    expect(link.origin + link.pathname).toBe(`${server.config.oidc.issuer}/reset-password`);
    expect(mail!.text).toContain('The link works once and for 60 minutes.');
    expect(await mailsTo(server.db, 'nobody@company.test', 'reset-password')).toHaveLength(0);
    expect(await mailsTo(server.db, blocked, 'reset-password')).toHaveLength(0);

    const [stored] = await server.db
      .select({
        minutes: sql<number>`round(extract(epoch from ${emailTokens.expiresAt} - now()) / 60)::int`,
      })
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'reset-password'))
      .limit(1);
    expect(stored?.minutes).toBe(60);
  });
});

describe('reset password', () => {
  it('changes the password end to end: old refused, new accepted, sessions and other links gone', async () => {
    const { id, email } = await newUser();
    // Signed in before the reset: a provider session and a refresh token.
    const before = await signInWithBrowser({
      baseUrl: server.baseUrl,
      email,
      password: OLD_PASSWORD,
    });
    expect(await signInRows(id)).toEqual(
      expect.arrayContaining(['Grant', 'RefreshToken', 'Session']),
    );

    await requestReset(email);
    await requestReset(email);
    const [newest, older] = await resetLinks(email);

    const browser = new TestBrowser();
    const form = expectPage(await browser.walk(newest!));
    expect(form.status).toBe(200);
    expect(headingOf(form.html)).toBe('Choose a new password');
    expect(form.html).toContain('<label for="password">New password</label>');
    expect(form.html).toContain('<label for="confirmation">Confirm new password</label>');
    expect(form.html).toContain('At least 12 characters, at most 200.');
    expect(form.html).toMatch(/<button type="submit">Change password<\/button>/);
    expect(await pageViolations(form.html)).toEqual([]);

    const mismatch = expectPage(
      await submit(browser, form, { password: NEW_PASSWORD, confirmation: `${NEW_PASSWORD}!` }),
    );
    expect(mismatch.status).toBe(400);
    expect(alertText(mismatch.html)).toBe(
      "The passwords don't match. Type the same new password twice.",
    );
    expect(mismatch.html).toMatch(/<input\s+id="confirmation"[^>]*aria-invalid="true"/);
    expect(await pageViolations(mismatch.html)).toEqual([]);

    const tooShort = expectPage(
      await submit(browser, mismatch, { password: 'short', confirmation: 'short' }),
    );
    expect(tooShort.status).toBe(400);
    expect(alertText(tooShort.html)).toBe('The password is too short: use at least 12 characters.');

    const ownAddress = expectPage(
      await submit(browser, tooShort, { password: email, confirmation: email }),
    );
    expect(ownAddress.status).toBe(400);
    expect(alertText(ownAddress.html)).toBe(
      'This password is your email address, or mostly made of it, so it is easy to guess. Choose another.',
    );
    const common = expectPage(
      await submit(browser, ownAddress, { password: 'password1234', confirmation: 'password1234' }),
    );
    expect(common.status).toBe(400);
    expect(alertText(common.html)).toBe(
      'This password is one of the most common ones, so it is easy to guess. Choose another.',
    );

    const changed = expectPage(
      await submit(browser, common, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(changed.status).toBe(200);
    expect(headingOf(changed.html)).toBe('Your password was changed');
    expect(linksOf(changed.html)).toEqual({
      'Sign in': `${server.baseUrl}/login?email=${encodeURIComponent(email)}`,
    });
    expect(await pageViolations(changed.html)).toEqual([]);
    // Nothing of the user's sign-ins is left at the provider.
    expect(await signInRows(id)).toEqual([]);

    // The old password is refused, the new one accepted.
    const refused = await signInOutcome(email, OLD_PASSWORD);
    expect(refused.kind === 'page' && alertText(refused.html)).toBe('Wrong email or password.');
    const tokens = await signIn({ baseUrl: server.baseUrl, email, password: NEW_PASSWORD });
    expect(decodeJwt(tokens.accessToken).sub).toBe(id);

    // The link worked once; the older link died with it.
    const reused = expectPage(await new TestBrowser().walk(newest!));
    expect(reused.status).toBe(410);
    expect(headingOf(reused.html)).toBe('This password reset link was already used');
    const olderPage = expectPage(await new TestBrowser().walk(older!));
    expect(olderPage.status).toBe(410);

    // The session and refresh token from before the reset are gone.
    await expect(
      refresh(provider, { refreshToken: before.tokens.refreshToken }),
    ).rejects.toMatchObject({ body: { error: 'invalid_grant' } });
    const again = await authorize(before.browser, provider, consoleRequest(server.baseUrl));
    expect(again.kind).toBe('page');

    const audit = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, id));
    expect(audit.map((entry) => entry.action)).toEqual(['user.password.reset']);
  });

  it('ends the access tokens issued before it at once; a token issued after works', async () => {
    const { id, email } = await newUser();
    await server.db.update(users).set({ profileCreatedAt: new Date() }).where(eq(users.id, id));
    const before = await signIn({ baseUrl: server.baseUrl, email, password: OLD_PASSWORD });
    expect((await userMe(before.accessToken)).status).toBe(200);

    await requestReset(email);
    const [link] = await resetLinks(email);
    const browser = new TestBrowser();
    const form = expectPage(await browser.walk(link!));
    await submit(browser, form, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });

    const refused = await userMe(before.accessToken);
    expect(refused).toMatchObject({
      status: 401,
      challenge: 'Bearer error="invalid_token"',
      body: { code: 'unauthorized' },
    });

    // `iat` counts whole seconds, and a token of the reset's own second is refused: wait that out.
    await nextSecondAfter(await tokenCutoffOf(server.db, id));
    const after = await signIn({ baseUrl: server.baseUrl, email, password: NEW_PASSWORD });
    expect((await userMe(after.accessToken)).status).toBe(200);
  });

  it('ends a sign-in already past the password: its code no longer finishes it', async () => {
    const secret = generateSecret({ length: 20 });
    const { id, email } = await newUser({ totpSecret: secret });
    // Someone who knows the old password is at the code step.
    const browser = new TestBrowser();
    const request = consoleRequest(server.baseUrl);
    const signInPage = expectPage(await authorize(browser, provider, request));
    const codePage = expectPage(
      await submitSignIn(browser, signInPage, email, OLD_PASSWORD, request.redirectUri),
    );
    expect(headingOf(codePage.html)).toBe('Two-factor authentication');
    expect(await signInRows(id)).toContain('PasswordStep');

    await requestReset(email);
    const [link] = await resetLinks(email);
    const resetBrowser = new TestBrowser();
    const form = expectPage(await resetBrowser.walk(link!));
    const changed = expectPage(
      await submit(resetBrowser, form, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(headingOf(changed.html)).toBe('Your password was changed');
    expect(await signInRows(id)).toEqual([]);

    // A right code now sends that sign-in back to the password, without tokens.
    const code = await generate({ secret });
    const refused = expectPage(
      await submit(browser, codePage, { code }, { stopAt: request.redirectUri }),
    );
    expect(refused.status).toBe(400);
    expect(headingOf(refused.html)).toBe('Sign in to Boon');
    expect(alertText(refused.html)).toBe('Sign in again: enter your email address and password.');

    // The same code was right: after the new password it finishes a sign-in.
    const again = consoleRequest(server.baseUrl);
    const againPage = expectPage(await authorize(browser, provider, again));
    const againCode = expectPage(
      await submitSignIn(browser, againPage, email, NEW_PASSWORD, again.redirectUri),
    );
    const callback = expectCallback(
      await submit(browser, againCode, { code }, { stopAt: again.redirectUri }),
    );
    const tokens = await exchangeCode(provider, {
      ...again,
      code: codeFrom(callback, again.state),
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ sub: id, amr: ['pwd', 'otp'] });
  });

  it('verifies the address too: the link proves the mailbox', async () => {
    const { email } = await newUser({ emailVerified: false });
    await requestReset(email);
    const [link] = await resetLinks(email);
    const browser = new TestBrowser();
    const form = expectPage(await browser.walk(link!));
    await submit(browser, form, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    const step = await signInOutcome(email, NEW_PASSWORD);
    expect(step.kind).toBe('callback');
    if (step.kind === 'callback') expect(step.url.searchParams.get('code')).not.toBeNull();
  });

  it('refuses an expired or unknown link, on the page and on the post', async () => {
    const { id, email } = await newUser();
    await requestReset(email);
    const [link] = await resetLinks(email);
    const browser = new TestBrowser();
    const form = expectPage(await browser.walk(link!));
    await server.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.userId, id));

    const expired = expectPage(await new TestBrowser().walk(link!));
    expect(expired.status).toBe(410);
    expect(headingOf(expired.html)).toBe('This password reset link has expired');
    expect(linksOf(expired.html)['Ask for a new link']).toBe('/idp/forgot-password');
    expect(await pageViolations(expired.html)).toEqual([]);

    const late = expectPage(
      await submit(browser, form, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(late.status).toBe(410);
    expect((await signInOutcome(email, OLD_PASSWORD)).kind).toBe('callback');

    const unknown = new URL(link!);
    unknown.searchParams.set('token', 'B'.repeat(43));
    const invalid = expectPage(await new TestBrowser().walk(unknown));
    expect(invalid.status).toBe(400);
    expect(headingOf(invalid.html)).toBe('This password reset link is not valid');
  });

  it('refuses a post without its CSRF token, changing nothing', async () => {
    const { email } = await newUser();
    await requestReset(email);
    const [link] = await resetLinks(email);
    const browser = new TestBrowser();
    const form = expectPage(await browser.walk(link!));
    const fields = {
      ...parseForm(form.html)!.fields,
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    };
    const action = new URL(parseForm(form.html)!.action, form.url);

    const stranger = await new TestBrowser().postForm(action, fields);
    expect(stranger.status).toBe(403);
    const crossSite = await browser.postForm(action, fields, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await signInOutcome(email, OLD_PASSWORD)).kind).toBe('callback');
    // The link still works for its owner.
    const changed = expectPage(
      await submit(browser, form, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
    );
    expect(headingOf(changed.html)).toBe('Your password was changed');
  });
});
