import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@boon/customer-management';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from './built-server.js';
import {
  authorize,
  discover,
  newAuthorizationRequest,
  parseForm,
  TestBrowser,
  type Step,
} from './oidc-client.js';
import { freePort } from './test-server.js';

/**
 * Sign-in failures are counted in the database, so two API processes behind one load balancer
 * hold one count: guesses spread over both meet the same limit. Runs the built server on
 * PostgreSQL (DATABASE_URL), which two processes can share.
 */

const adminUrl = process.env.DATABASE_URL as string;
const databaseName = `boon_throttle_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const running: BuiltServer[] = [];
let publicUrl = '';
let processUrls: string[] = [];

beforeAll(async () => {
  await admin(`create database ${databaseName}`);
  const ports = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  processUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  for (const port of ports) {
    running.push(
      await startBuiltServer(port, {
        NODE_ENV: 'test',
        PUBLIC_URL: publicUrl,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        SERVER_ROLE: 'api',
        // A load balancer on this machine stands in front, naming the public host and the client.
        TRUST_PROXY: 'loopback',
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await admin(`drop database if exists ${databaseName} with (force)`);
}, 60_000);

/** Posts the sign-in form to one process, as the balancer would pass it on from `client`. */
async function postTo(
  processUrl: string,
  browser: TestBrowser,
  page: Extract<Step, { kind: 'page' }>,
  fields: { email: string; password: string },
  client: string,
): Promise<Response> {
  const form = parseForm(page.html);
  if (!form) throw new Error('expected the sign-in form');
  const url = new URL(form.action, processUrl);
  return browser.postForm(
    url,
    { ...form.fields, ...fields },
    { 'x-forwarded-host': new URL(publicUrl).host, 'x-forwarded-for': client },
  );
}

describe('sign-in failures across two API processes on one PostgreSQL', () => {
  it('meet one limit per e-mail and client address, whichever process answers', async () => {
    const provider = await discover(publicUrl);
    const browser = new TestBrowser();
    const request = newAuthorizationRequest({
      clientId: 'boon-console',
      redirectUri: `${publicUrl}/auth/callback`,
    });
    const page = await authorize(browser, provider, request);
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const guess = { email: 'viewer@acme.test', password: 'not the password' };

    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, attempt) => {
        const response = await postTo(
          processUrls[attempt % 2]!,
          browser,
          page,
          guess,
          '203.0.113.9',
        );
        await response.body?.cancel();
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 400));

    // Five failures each: a count per process would let both go on.
    for (const processUrl of processUrls) {
      const refused = await postTo(
        processUrl,
        browser,
        page,
        { email: 'viewer@acme.test', password: DEMO_PASSWORD },
        '203.0.113.9',
      );
      await refused.body?.cancel();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // The owner, from elsewhere, through the other process, still gets in.
    const signedIn = await postTo(
      processUrls[1]!,
      browser,
      page,
      { email: 'viewer@acme.test', password: DEMO_PASSWORD },
      '198.51.100.20',
    );
    await signedIn.body?.cancel();
    expect(signedIn.status).toBe(303);
  }, 120_000);
});
