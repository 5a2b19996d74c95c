import { eq, sql, users } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeWith, consoleRequest, expectPage, submit } from './idp-test-helpers.js';
import {
  alertText,
  discover,
  parseForm,
  TestBrowser,
  type ProviderMetadata,
} from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The password policy through the sign-up form: passwords long enough but easy to guess are
 * refused with a reason, and no account is created. (A server of its own: the sign-up form's
 * per-client limit would otherwise be shared with the sign-up tests.)
 */

let server: TestServer;
let provider: ProviderMetadata;

beforeAll(async () => {
  server = await startTestServer();
  provider = await discover(server.baseUrl);
});
afterAll(() => server?.close());

const COMMON =
  'This password is one of the most common ones, so it is easy to guess. Choose another.';

describe('sign-up password policy', () => {
  it.each([
    [
      'twelve spaces',
      'spaces@company.test',
      ' '.repeat(12),
      'This password is only spaces. Choose one with letters, digits or symbols.',
    ],
    [
      'one character repeated',
      'repeated@company.test',
      'aaaaaaaaaaaa',
      'This password repeats one character, so it is easy to guess. Choose another.',
    ],
    ['a common run of digits', 'digits@company.test', '123456789012', COMMON],
    ['a common word and digits', 'common@company.test', 'password1234', COMMON],
    [
      'the email address itself',
      'Mirror.Image@company.test',
      'mirror.image@COMPANY.test',
      'This password is your email address, or mostly made of it, so it is easy to guess. Choose another.',
    ],
  ])('refuses %s, saying why, creating nothing', async (_why, email, password, message) => {
    const browser = new TestBrowser();
    const request = consoleRequest(server.baseUrl);
    const page = expectPage(
      await authorizeWith(browser, provider, request, { screen_hint: 'signup', login_hint: email }),
    );
    const step = expectPage(await submit(browser, page, { email, password }));
    expect(step.status).toBe(400);
    expect(alertText(step.html)).toBe(message);
    expect(step.html).toMatch(/<input\s+id="password"[^>]*aria-invalid="true"/);
    expect(parseForm(step.html)?.fields.password).toBe('');
    const created = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(created).toEqual([]);
  });
});
