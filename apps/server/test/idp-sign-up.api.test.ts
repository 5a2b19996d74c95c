import { createHash } from 'node:crypto';
import { SIGNUP_FOR_PARAM } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { auditLog, customers, emailTokens, eq, memberships, sql, users } from '@boon/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeWith,
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
  signIn,
  submitSignIn,
  TestBrowser,
  type ProviderMetadata,
} from './oidc-client.js';
import { VERIFICATION_MAIL_QUEUE } from '../src/idp/account-mail-jobs.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Sign-up at the embedded provider (the console's /signup: screen_hint=signup, login_hint),
 * e-mail verification by a mailed single-use link, the email-unverified answer of spec 4.2 and
 * the "Resend verification e-mail" form the console's verify-email screen links to.
 */

const NEW_PASSWORD = 'a long enough password';

let server: TestServer;
let provider: ProviderMetadata;

beforeAll(async () => {
  server = await startTestServer();
  provider = await discover(server.baseUrl);
});
afterAll(() => server?.close());

/** The sign-up form, as the console's /signup?email=… opens it. */
async function openSignUp(email?: string) {
  const browser = new TestBrowser();
  const request = consoleRequest(server.baseUrl);
  const page = expectPage(
    await authorizeWith(browser, provider, request, {
      screen_hint: 'signup',
      ...(email ? { login_hint: email } : {}),
    }),
  );
  return { browser, request, page };
}

async function signUp(email: string, password = NEW_PASSWORD) {
  const { browser, request, page } = await openSignUp(email);
  const step = await submit(browser, page, { email, password }, { stopAt: request.redirectUri });
  return { browser, request, step };
}

async function userRow(email: string) {
  const [row] = await server.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

function unverifiedError(callback: URL, email: string, state: string) {
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('error_description')).toBe(
    `email-unverified:${encodeURIComponent(email)}`,
  );
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.get('code')).toBeNull();
}

async function signInStep(email: string, password: string) {
  const browser = new TestBrowser();
  const request = consoleRequest(server.baseUrl);
  const page = expectPage(await authorize(browser, provider, request));
  const step = await submitSignIn(browser, page, email, password, request.redirectUri);
  return { browser, request, step };
}

describe('sign-up', () => {
  it('opens on an accessible "Create account" form with the address from login_hint', async () => {
    const { page } = await openSignUp('ada@newcompany.test');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<title>Create account – Boon<\/title>/);
    expect(headingOf(page.html)).toBe('Create your Boon account');
    expect(page.html).toContain('<label for="email">Email address</label>');
    expect(page.html).toContain('<label for="password">Password</label>');
    expect(page.html).toMatch(/<input\s+id="password"[^>]*autocomplete="new-password"/);
    expect(page.html).toMatch(/<input\s+id="password"[^>]*aria-describedby="password-hint"/);
    expect(page.html).toContain(
      '<p class="hint" id="password-hint">At least 12 characters, at most 200. Not a common password or your email address.</p>',
    );
    expect(page.html).toMatch(/<button type="submit">Create account<\/button>/);
    expect(parseForm(page.html)?.fields.email).toBe('ada@newcompany.test');
    // No inline code and no style attributes; the one <style> is the pages' own stylesheet.
    expect(page.html).not.toMatch(/<script|\sstyle=/);
    expect(page.html.match(/<style>/g)).toHaveLength(1);
    expect(await pageViolations(page.html)).toEqual([]);

    // "Sign in" instead: the same interaction's sign-in form, which links back here.
    const signInHref = linksOf(page.html)['Sign in']!;
    expect(signInHref).toMatch(/^\/idp\/interaction\/[^/]+\/login$/);
  });

  it('links sign-in and sign-up both ways, with "Forgot your password?" on sign-in', async () => {
    const browser = new TestBrowser();
    const signInPage = expectPage(
      await authorize(browser, provider, consoleRequest(server.baseUrl)),
    );
    const links = linksOf(signInPage.html);
    expect(links['Forgot your password?']).toBe('/idp/forgot-password');
    expect(links['Create account']).toMatch(/^\/idp\/interaction\/[^/]+\/signup$/);
    expect(await pageViolations(signInPage.html)).toEqual([]);

    const signUpPage = expectPage(
      await browser.walk(new URL(links['Create account']!, signInPage.url)),
    );
    expect(headingOf(signUpPage.html)).toBe('Create your Boon account');
    const back = expectPage(
      await browser.walk(new URL(linksOf(signUpPage.html)['Sign in']!, signUpPage.url)),
    );
    expect(headingOf(back.html)).toBe('Sign in to Boon');
  });

  it('creates an unverified sign-in identity, mails a verification link and ends with email-unverified', async () => {
    const email = 'Grace@NewCompany.test';
    const { request, step } = await signUp(email);
    unverifiedError(expectCallback(step), email, request.state);

    const row = await userRow(email);
    expect(row).toMatchObject({
      email,
      emailVerified: false,
      blocked: false,
      isStaff: false,
      profileCreatedAt: null,
      totpSecret: null,
    });
    expect(row!.id).toMatch(/^U-[A-Z0-9]{20}$/);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(NEW_PASSWORD);

    const [mail, ...others] = await mailsTo(server.db, email, 'verify-email');
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Verify your e-mail address for Boon');
    const link = linkIn(mail!);
    expect(link.origin + link.pathname).toBe(`${server.config.oidc.issuer}/verify-email`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain('Verify e-mail address');

    // Only the token's hash is stored, for one day.
    const [stored] = await server.db
      .select({
        tokenHash: emailTokens.tokenHash,
        purpose: emailTokens.purpose,
        hours: sql<number>`round(extract(epoch from ${emailTokens.expiresAt} - now()) / 3600)::int`,
      })
      .from(emailTokens)
      .where(eq(emailTokens.userId, row!.id));
    expect(stored).toEqual({
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      purpose: 'verify-email',
      hours: 24,
    });

    const audit = await server.db.select().from(auditLog).where(eq(auditLog.target, row!.id));
    expect(audit.map((entry) => entry.action)).toEqual(['user.sign-up']);
  });

  it('answers an address that already has an account as a new one, changing nothing and mailing its owner', async () => {
    const before = await userRow('owner@acme.test');
    const auditBefore = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, before!.id));

    const fresh = await signUp('first.time@company.test');
    const taken = await signUp('OWNER@acme.test');
    // The same answer as a new sign-up: back to the console with email-unverified for the
    // address as typed, not as stored.
    unverifiedError(expectCallback(fresh.step), 'first.time@company.test', fresh.request.state);
    unverifiedError(expectCallback(taken.step), 'OWNER@acme.test', taken.request.state);

    // No second account, and the existing one untouched: password, verification, audit trail.
    const owners = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'owner@acme.test'));
    expect(owners).toHaveLength(1);
    expect(await userRow('owner@acme.test')).toEqual(before);
    const auditAfter = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, before!.id));
    expect(auditAfter).toEqual(auditBefore);
    const typed = await signInStep('owner@acme.test', NEW_PASSWORD);
    expect(typed.step.kind === 'page' && alertText(typed.step.html)).toBe(
      'Wrong email or password.',
    );
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'owner@acme.test',
      password: DEMO_PASSWORD,
    });
    expect(decodeJwt(tokens.accessToken).sub).toBe(before!.id);

    // No verification link for it; its owner is told instead, with the ways back in.
    expect(await mailsTo(server.db, 'OWNER@acme.test', 'verify-email')).toHaveLength(0);
    expect(await mailsTo(server.db, 'owner@acme.test', 'verify-email')).toHaveLength(0);
    const [mail, ...others] = await mailsTo(
      server.db,
      'owner@acme.test',
      'sign-up-existing-account',
    );
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('You already have a Boon account');
    expect(mail!.html).toMatch(/<h1 [^>]*>You already have a Boon account<\/h1>/);
    const links = [...mail!.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
    const signInUrl = `${server.baseUrl}/login?email=owner%40acme.test`;
    const resetUrl = `${server.config.oidc.issuer}/forgot-password?email=owner%40acme.test`;
    expect(links).toEqual([signInUrl, resetUrl]);
    expect(mail!.text).toContain(`Sign in: ${signInUrl}`);
    expect(mail!.text).toContain(`Reset your password: ${resetUrl}`);
    expect(mail!.html).toContain('>Sign in</a>');
    expect(mail!.html).toContain('>Reset your password</a>');
    // The reset link opens "Forgot your password?" with the address filled in.
    const forgot = expectPage(await new TestBrowser().walk(new URL(resetUrl)));
    expect(headingOf(forgot.html)).toBe('Reset your password');
    expect(parseForm(forgot.html)?.fields.email).toBe('owner@acme.test');
  });

  it('answers a blocked account the same way too, mailing nothing', async () => {
    const before = await userRow('blocked@acme.test');
    const { request, step } = await signUp('blocked@acme.test');
    unverifiedError(expectCallback(step), 'blocked@acme.test', request.state);
    expect(await userRow('blocked@acme.test')).toEqual(before);
    expect(await mailsTo(server.db, 'blocked@acme.test', 'sign-up-existing-account')).toHaveLength(
      0,
    );
    expect(await mailsTo(server.db, 'blocked@acme.test', 'verify-email')).toHaveLength(0);
  });

  it.each([
    ['no address', '', NEW_PASSWORD, 'Enter your email address.', 'email'],
    [
      'an address without a domain suffix',
      'ada@localhost',
      NEW_PASSWORD,
      'Enter a valid email address, such as name@company.com.',
      'email',
    ],
    [
      'an address with a space',
      'ada lovelace@company.test',
      NEW_PASSWORD,
      'Enter a valid email address, such as name@company.com.',
      'email',
    ],
    [
      'a short password',
      'short@company.test',
      'eleven char',
      'The password is too short: use at least 12 characters.',
      'password',
    ],
    [
      'a password over 200 characters',
      'long@company.test',
      'x'.repeat(201),
      'The password is too long: use at most 200 characters.',
      'password',
    ],
  ])(
    'refuses %s with a message on the field, creating nothing',
    async (_why, email, password, message, fieldId) => {
      const { browser, page } = await openSignUp();
      const step = expectPage(await submit(browser, page, { email, password }));
      expect(step.status).toBe(400);
      expect(alertText(step.html)).toBe(message);
      expect(step.html).toMatch(new RegExp(`<input\\s+id="${fieldId}"[^>]*aria-invalid="true"`));
      expect(parseForm(step.html)?.fields.password).toBe('');
      if (email) expect(await userRow(email)).toBeUndefined();
    },
  );

  it('counts characters as the user sees them: 11 emoji are too short, 12 are enough', async () => {
    const email = 'emoji@company.test';
    const tooShort = await openSignUp(email);
    // 22 UTF-16 units, but 11 characters.
    const refused = expectPage(
      await submit(tooShort.browser, tooShort.page, { password: '🔑'.repeat(11) }),
    );
    expect(alertText(refused.html)).toBe('The password is too short: use at least 12 characters.');
    expect(await userRow(email)).toBeUndefined();

    const { step } = await signUp(email, '🔑🔒'.repeat(6));
    expect(step.kind).toBe('callback');
    expect(await userRow(email)).toBeDefined();
  });

  it('refuses a post without the interaction cookie or from another origin', async () => {
    const { browser, page } = await openSignUp();
    const form = parseForm(page.html)!;
    const action = new URL(form.action, page.url);
    const fields = { email: 'csrf@company.test', password: NEW_PASSWORD };
    const withoutCookie = await new TestBrowser().postForm(action, fields);
    expect(withoutCookie.status).toBe(403);
    const crossSite = await browser.postForm(action, fields, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await userRow('csrf@company.test')).toBeUndefined();
  });
});

describe('e-mail verification', () => {
  async function verificationLink(email: string): Promise<URL> {
    const [mail] = await mailsTo(server.db, email, 'verify-email');
    return linkIn(mail!);
  }

  it('refuses tokens until the address is verified, then signs in; the link works once', async () => {
    const email = 'verify.me@company.test';
    await signUp(email);

    const before = await signInStep(email, NEW_PASSWORD);
    unverifiedError(expectCallback(before.step), email, before.request.state);

    const link = await verificationLink(email);
    const browser = new TestBrowser();
    // Opening the link (as a mail scanner does) verifies nothing: it asks for a press.
    const confirm = expectPage(await browser.walk(link));
    expect(confirm.status).toBe(200);
    expect(headingOf(confirm.html)).toBe('Verify your e-mail address');
    expect(confirm.html).toContain(`Confirm that ${email} is your address`);
    expect(confirm.html).toMatch(/<button type="submit">Verify e-mail address<\/button>/);
    expect(parseForm(confirm.html)).toMatchObject({
      action: '/idp/verify-email',
      method: 'post',
      fields: { token: link.searchParams.get('token'), csrf: expect.stringMatching(/^[\w-]{43}$/) },
    });
    expect(await pageViolations(confirm.html)).toEqual([]);
    expect((await userRow(email))?.emailVerified).toBe(false);
    expect(expectPage(await new TestBrowser().walk(link)).status).toBe(200);
    expect((await userRow(email))?.emailVerified).toBe(false);

    const verified = expectPage(await submit(browser, confirm, {}));
    expect(verified.status).toBe(200);
    expect(headingOf(verified.html)).toBe('Your e-mail address is verified');
    // Continue opens the sign-in form with the address just verified.
    expect(linksOf(verified.html)).toEqual({
      Continue: `${server.baseUrl}/login?email=${encodeURIComponent(email)}`,
    });
    expect(verified.html).toMatch(/<p class="lead" role="status">/);
    expect(await pageViolations(verified.html)).toEqual([]);
    expect((await userRow(email))?.emailVerified).toBe(true);

    const again = expectPage(await browser.walk(link));
    expect(again.status).toBe(410);
    expect(headingOf(again.html)).toBe('This verification link was already used');

    const after = await signInStep(email, NEW_PASSWORD);
    const callback = expectCallback(after.step);
    const tokens = await exchangeCode(provider, {
      ...after.request,
      code: codeFrom(callback, after.request.state),
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ email, email_verified: true });

    // A sign-in identity, not yet a backend user: onboarding creates that (spec 4.1).
    const me = await fetch(`${server.baseUrl}/api/customer-management/user/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.status).toBe(404);
    expect(await me.json()).toMatchObject({ message: "User doesn't exist for you" });

    const audit = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, (await userRow(email))!.id));
    expect(audit.map((entry) => entry.action)).toEqual(['user.sign-up', 'user.email.verify']);
  });

  it('refuses a confirmation without its CSRF token or from another origin, verifying nothing', async () => {
    const email = 'csrf.verify@company.test';
    await signUp(email);
    const link = await verificationLink(email);
    const browser = new TestBrowser();
    const confirm = expectPage(await browser.walk(link));
    const form = parseForm(confirm.html)!;
    const action = new URL(form.action, confirm.url);

    const stranger = await new TestBrowser().postForm(action, form.fields);
    expect(stranger.status).toBe(403);
    const forged = await browser.postForm(action, { ...form.fields, csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(alertText(await forged.text())).toBe('This form has expired. Send it again.');
    const crossSite = await browser.postForm(action, form.fields, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await userRow(email))?.emailVerified).toBe(false);

    const verified = expectPage(await submit(browser, confirm, {}));
    expect(headingOf(verified.html)).toBe('Your e-mail address is verified');
    expect((await userRow(email))?.emailVerified).toBe(true);
  });

  it('says when a link has expired, and when it is not a link at all', async () => {
    const email = 'late@company.test';
    await signUp(email);
    const link = await verificationLink(email);
    const row = await userRow(email);
    await server.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailTokens.userId, row!.id));

    const expired = expectPage(await new TestBrowser().walk(link));
    expect(expired.status).toBe(410);
    expect(headingOf(expired.html)).toBe('This verification link has expired');
    expect(linksOf(expired.html)['Send a new verification e-mail']).toBe(
      '/idp/verify-email/resend',
    );
    expect(await pageViolations(expired.html)).toEqual([]);
    expect((await userRow(email))?.emailVerified).toBe(false);

    for (const token of ['', 'not-a-token', 'A'.repeat(43)]) {
      const url = new URL(`${server.config.oidc.issuer}/verify-email`);
      if (token) url.searchParams.set('token', token);
      const invalid = expectPage(await new TestBrowser().walk(url));
      expect(invalid.status).toBe(400);
      expect(headingOf(invalid.html)).toBe('This verification link is not valid');
    }
  });

  it('sends the demo user unverified@acme.test to verify-email with the address', async () => {
    const { request, step } = await signInStep('unverified@acme.test', DEMO_PASSWORD);
    unverifiedError(expectCallback(step), 'unverified@acme.test', request.state);
  });
});

describe('resend verification e-mail', () => {
  const resendUrl = (email?: string) => {
    const url = new URL(`${server.config.oidc.issuer}/verify-email/resend`);
    if (email) url.searchParams.set('email', email);
    return url;
  };

  async function resendPage(browser: TestBrowser, email?: string): Promise<Page> {
    return expectPage(await browser.walk(resendUrl(email)));
  }

  it('shows an accessible form with the address from the link', async () => {
    const page = await resendPage(new TestBrowser(), 'someone@company.test');
    expect(page.status).toBe(200);
    expect(headingOf(page.html)).toBe('Resend the verification e-mail');
    const form = parseForm(page.html)!;
    expect(form).toMatchObject({
      action: '/idp/verify-email/resend',
      method: 'post',
      fields: { email: 'someone@company.test', csrf: expect.stringMatching(/^[\w-]{43}$/) },
    });
    expect(page.html).toMatch(/<button type="submit">Resend verification e-mail<\/button>/);
    expect(await pageViolations(page.html)).toEqual([]);
  });

  it('answers the same for an unverified, a verified and an unknown address; mails only the first', async () => {
    const answers: string[] = [];
    for (const email of ['unverified@acme.test', 'owner@acme.test', 'nobody@company.test']) {
      const browser = new TestBrowser();
      const answer = expectPage(await submit(browser, await resendPage(browser, email), {}));
      expect(answer.status).toBe(200);
      expect(headingOf(answer.html)).toBe('Check your inbox');
      answers.push(answer.html.replace(email, '<email>'));
    }
    expect(new Set(answers).size).toBe(1);
    expect(await pageViolations(answers[0]!.replace('<email>', 'x@y.test'))).toEqual([]);
    // The request looked up nobody: the same job for each address, and the job sent the mail.
    await mailJobsDone(server.db, VERIFICATION_MAIL_QUEUE);
    for (const email of ['unverified@acme.test', 'owner@acme.test', 'nobody@company.test']) {
      expect(await mailJobStates(server.db, VERIFICATION_MAIL_QUEUE, email)).toEqual(['completed']);
    }

    const [mail] = await mailsTo(server.db, 'unverified@acme.test', 'verify-email');
    // The new link verifies the demo user.
    const linkBrowser = new TestBrowser();
    const confirm = expectPage(await linkBrowser.walk(linkIn(mail!)));
    const verified = expectPage(await submit(linkBrowser, confirm, {}));
    expect(headingOf(verified.html)).toBe('Your e-mail address is verified');
    expect(await mailsTo(server.db, 'owner@acme.test', 'verify-email')).toHaveLength(0);
    expect(await mailsTo(server.db, 'nobody@company.test', 'verify-email')).toHaveLength(0);
  });

  it('refuses a post without its CSRF token or from another origin, sending nothing', async () => {
    const email = 'csrf.resend@company.test';
    await signUp(email);
    const browser = new TestBrowser();
    const page = await resendPage(browser, email);
    const form = parseForm(page.html)!;
    const action = new URL(form.action, page.url);

    const stranger = await new TestBrowser().postForm(action, form.fields);
    expect(stranger.status).toBe(403);
    const forged = await browser.postForm(action, { ...form.fields, csrf: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
    expect(alertText(await forged.text())).toBe('This form has expired. Send it again.');
    const crossSite = await browser.postForm(action, form.fields, {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await mailJobStates(server.db, VERIFICATION_MAIL_QUEUE, email)).toEqual([]);
    expect(await mailsTo(server.db, email, 'verify-email')).toHaveLength(1);
  });

  it('checks the address format', async () => {
    const browser = new TestBrowser();
    const answer = expectPage(
      await submit(browser, await resendPage(browser), { email: 'not an address' }),
    );
    expect(answer.status).toBe(400);
    expect(alertText(answer.html)).toBe('Enter a valid email address, such as name@company.com.');
  });

  it('limits requests per address: three mails a quarter of an hour at most', async () => {
    const email = 'flood@company.test';
    await signUp(email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const browser = new TestBrowser();
      const answer = expectPage(await submit(browser, await resendPage(browser, email), {}));
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(alertText(answer.html)).toBe(
          'Too many requests for this address. Wait a few minutes and try again.',
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await mailJobsDone(server.db, VERIFICATION_MAIL_QUEUE);
    // The sign-up's mail and three resent ones.
    expect(await mailsTo(server.db, email, 'verify-email')).toHaveLength(4);
  });
});

describe('sign-in after verification', () => {
  it('signs in the demo users as before', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'viewer@acme.test',
      password: DEMO_PASSWORD,
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ email_verified: true, amr: ['pwd'] });
    expect(decodeJwt(tokens.accessToken)).not.toHaveProperty('mfa_time');
    expect(decodeJwt(tokens.idToken)).toMatchObject({ amr: ['pwd'] });
  });
});

describe('the onboarding intent (spec 4.1’s flag, kept with the user)', () => {
  /** Signs up (as an invitee when asked), verifies the address and signs in: the access token. */
  async function signedUpToken(email: string, forInvite: boolean): Promise<string> {
    const browser = new TestBrowser();
    const request = consoleRequest(server.baseUrl);
    const page = expectPage(
      await authorizeWith(browser, provider, request, {
        screen_hint: 'signup',
        login_hint: email,
        ...(forInvite ? { [SIGNUP_FOR_PARAM]: 'invite' } : {}),
      }),
    );
    await submit(browser, page, { email, password: NEW_PASSWORD }, { stopAt: request.redirectUri });
    await server.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(sql`lower(${users.email})`, email));
    const tokens = await signIn({ baseUrl: server.baseUrl, email, password: NEW_PASSWORD });
    return tokens.accessToken;
  }

  it('marks a sign-up to set up a company, and says so in its tokens while it has no customer', async () => {
    const email = 'founder@newco.test';
    const token = await signedUpToken(email, false);
    expect((await userRow(email))?.onboardingIntent).toBe(true);
    expect(decodeJwt(token)).toMatchObject({ email, onboarding: true });

    // A member is past onboarding: the claim goes with the first customer.
    const user = (await userRow(email))!;
    const [customer] = await server.db.select({ id: customers.id }).from(customers).limit(1);
    await server.db
      .insert(memberships)
      .values({ userId: user.id, customerId: customer!.id, roles: ['viewer'] });
    const later = await signIn({ baseUrl: server.baseUrl, email, password: NEW_PASSWORD });
    expect(decodeJwt(later.accessToken)).not.toHaveProperty('onboarding');
  });

  it('does not mark an invitee’s sign-up', async () => {
    const email = 'new.hire@newco.test';
    const token = await signedUpToken(email, true);
    expect((await userRow(email))?.onboardingIntent).toBe(false);
    expect(decodeJwt(token)).not.toHaveProperty('onboarding');
  });
});
