import { users } from '@boon/db';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleRequest, expectPage } from './idp-test-helpers.js';
import { authorize, discover, parseForm, TestBrowser } from './oidc-client.js';
import { startTestServer, testPasswords } from './test-server.js';

/**
 * What the server logs after requests that fail: never a password hash, a token, an e-mail
 * address sent in a request, or the values of a failed query.
 */

const lines: string[] = [];
const HASH = await testPasswords.hash('Correct-Horse-Battery-9');
const SCRYPT_HASH = /scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+/;
const TOKEN = 'tok-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const server = await startTestServer(
  { LOG_LEVEL: 'debug' },
  (app, db) => {
    // Failures only a database gives: a duplicate key (500) and a NUL (the 422 safety net),
    // both in queries that carry a password hash and an address as values.
    app.post('/test-errors/duplicate-user', async () => {
      await db.insert(users).values({ id: 'U-LOGDUP01', email: 'first@logs.test' });
      await db
        .insert(users)
        .values({ id: 'U-LOGDUP01', email: 'dup@logs.test', passwordHash: HASH });
      return { ok: true };
    });
    app.post('/test-errors/nul-user', async () => {
      await db
        .insert(users)
        .values({ id: 'U-LOGNUL01', email: 'nul\u0000@logs.test', passwordHash: HASH });
      return { ok: true };
    });
  },
  { write: (line) => void lines.push(line) },
);
afterAll(() => server.close());

const addresses = ['dup@logs.test', 'nul@logs.test', 'signin@logs.test', 'signup@logs.test'];

async function postForm(browser: TestBrowser, action: URL, body: string, json: boolean) {
  return browser.request(action, {
    method: 'POST',
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      origin: server.baseUrl,
    },
    body,
  });
}

describe('the log after failing requests', () => {
  it('holds no password hash, token, address or query value', async () => {
    const duplicate = await fetch(`${server.baseUrl}/test-errors/duplicate-user`, {
      method: 'POST',
    });
    expect(duplicate.status).toBe(500);
    const nul = await fetch(`${server.baseUrl}/test-errors/nul-user`, { method: 'POST' });
    expect(nul.status).toBe(422);

    // Sign-in and sign-up with a NUL in the address, form-encoded and as JSON.
    const provider = await discover(server.baseUrl);
    const browser = new TestBrowser();
    const signIn = expectPage(await authorize(browser, provider, consoleRequest(server.baseUrl)));
    const form = parseForm(signIn.html);
    const login = new URL(form!.action, signIn.url);
    const signUp = new URL(login.href.replace(/\/login$/, '/signup'));
    for (const [action, email] of [
      [login, 'signin@logs.test'],
      [signUp, 'signup@logs.test'],
    ] as const) {
      const fields = { email: `${email}\u0000`, password: 'Correct-Horse-Battery-9' };
      const encoded = await postForm(
        browser,
        action,
        new URLSearchParams(fields).toString(),
        false,
      );
      const asJson = await postForm(browser, action, JSON.stringify(fields), true);
      for (const response of [encoded, asJson]) {
        expect(response.status, `${action.pathname} ${lines.slice(-6).join('')}`).toBeLessThan(500);
        expect(await response.text()).toContain('role="alert"');
      }
    }

    // Tokens in query strings and headers.
    await fetch(`${server.baseUrl}/idp/verify-email?token=${TOKEN}`);
    await fetch(`${server.baseUrl}/idp/reset-password?token=${TOKEN}%00`);
    await fetch(`${server.baseUrl}/api/customer-management/user/invite?token=${TOKEN}%00`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).not.toMatch(SCRYPT_HASH);
    for (const part of HASH.split('$').slice(4)) expect(log).not.toContain(part);
    expect(log).not.toContain(TOKEN);
    // The failed inserts are logged by their SQL, with placeholders where the values were...
    expect(log).toMatch(/insert into \\"users\\".*\$1/);
    // ...and without the values: the users' ids went to no request and no answer, only into the
    // queries. Nor is there a `params` field (drizzle's error) or its message's "params: …" line.
    for (const id of ['U-LOGDUP01', 'U-LOGNUL01']) expect(log).not.toContain(id);
    expect(log).not.toMatch(/"params"\s*:\s*\[/);
    expect(log).not.toMatch(/params: \S/);
    for (const address of addresses) expect(log).not.toContain(address);
  });
});
