import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from './built-server.js';
import { signIn } from './oidc-client.js';
import { pgTestDatabase } from './pg-test-database.js';
import { freePort, testPasswords } from './test-server.js';

/**
 * The server grown up: two API-only processes and one worker on one PostgreSQL, as production
 * runs them (`SERVER_ROLE=api`, `npm run worker`). Only on PostgreSQL (DATABASE_URL), which
 * several processes can share; PGlite belongs to one process. Runs the built server
 * (`npm run build`), the way it is deployed.
 */

const database = pgTestDatabase('roles');
const query = async (text: string, values: unknown[] = []) => ({
  rows: await database.query(text, values),
});

const running: BuiltServer[] = [];
let publicUrl = '';
let apiUrls: string[] = [];
/** What the load balancer adds: every process answers only for the public origin's host. */
const viaBalancer = () => ({ 'x-forwarded-host': new URL(publicUrl).host });

/** A process of the built server in `role` on `port`; every one names the same public origin. */
async function start(role: 'api' | 'worker', port: number): Promise<BuiltServer> {
  const server = await startBuiltServer(port, {
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    SERVER_ROLE: role,
    // A load balancer on this machine stands in front of them, naming the public host.
    TRUST_PROXY: 'loopback',
  });
  running.push(server);
  return server;
}

/** A user with a company e-mail and a profile, but no customer yet: ready to ask for one. */
async function newRequester(label: string) {
  const email = `${label}@${label}-corp.test`;
  await query(
    `insert into users (id, email, email_verified, password_hash, profile_created_at, first_name, last_name)
     values ($1, $2, true, $3, now(), 'Test', $4)`,
    [`U-ROLES${label.toUpperCase()}`, email, await testPasswords.hash('roles-pass-2026'), label],
  );
  return signIn({ baseUrl: publicUrl, email, password: 'roles-pass-2026' });
}

async function onboardingState(pendingCustomerId: string): Promise<string> {
  const result = await query('select onboarding_task_state from pending_customers where id = $1', [
    pendingCustomerId,
  ]);
  return (result.rows[0] as { onboarding_task_state: string }).onboarding_task_state;
}

beforeAll(async () => {
  await database.create();
  const [port1, port2] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${port1}`;
  apiUrls = [publicUrl, `http://127.0.0.1:${port2}`];
  // The first migrates and seeds; the second finds both done.
  await start('api', port1);
  await start('api', port2);
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await database.drop();
}, 60_000);

describe('API processes and a worker on one PostgreSQL', () => {
  it('queue jobs from either API process, and the worker alone does each once', async () => {
    const requests = await Promise.all(
      apiUrls.map(async (apiUrl, index) => {
        const tokens = await newRequester(`roles${index}`);
        const response = await fetch(`${apiUrl}/api/customer-management/pending-customer`, {
          method: 'POST',
          headers: {
            ...viaBalancer(),
            authorization: `Bearer ${tokens.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            companyName: `Roles ${index} Ltd`,
            country: 'GB',
            companySize: 'under-50',
            website: `https://roles${index}-corp.test`,
            rewardNeed: 'today',
            useCases: [],
          }),
        });
        const body = (await response.json()) as { pendingCustomerId: string };
        expect(response.status, JSON.stringify(body)).toBe(201);
        return body.pendingCustomerId;
      }),
    );
    // API processes only queue: the set-up waits for a worker.
    for (const id of requests) expect(await onboardingState(id)).toBe('STARTED');

    await start('worker', await freePort());
    for (const id of requests) {
      await expect
        .poll(() => onboardingState(id), { timeout: 60_000, interval: 200 })
        .toBe('COMPLETE');
    }
    // Done once each: one audit row of completion and one mail to the requester.
    const audits = await query(
      `select target, count(*)::int as n from audit_log
       where action = 'pending_customer.onboarding_complete' group by target order by target`,
    );
    expect(audits.rows).toEqual([...requests].sort().map((target) => ({ target, n: 1 })));
    const mails = await query(
      `select count(*)::int as n from outbox_mails where kind = 'company-received'`,
    );
    expect(mails.rows[0]).toEqual({ n: 2 });
  }, 120_000);

  it('hold an Idempotency-Key across both API processes: one invite, the same answer twice', async () => {
    const { accessToken } = await signIn({
      baseUrl: publicUrl,
      email: 'owner@acme.test',
      password: DEMO_PASSWORD,
    });
    const key = `roles-${randomBytes(8).toString('hex')}`;
    const invite = (apiUrl: string) =>
      fetch(`${apiUrl}/api/customer-management/user/invite`, {
        method: 'POST',
        headers: {
          ...viaBalancer(),
          authorization: `Bearer ${accessToken}`,
          'x-customer-id': 'C-ACME0001',
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ email: 'twice@acme.test', roles: ['viewer'] }),
      });
    const answers = await Promise.all(apiUrls.map(invite));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(bodies[1]).toBe(bodies[0]);
    expect(answers.map((answer) => answer.headers.get('idempotent-replayed')).sort()).toEqual(
      ['true', null].sort(),
    );
    const rows = await query(
      `select count(*)::int as n from invites where email = 'twice@acme.test'`,
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
  }, 60_000);

  it('serves only its health checks from the worker', async () => {
    const base = (running.at(-1) as BuiltServer).url;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const headers = viaBalancer();
    expect((await fetch(`${base}/api/customer-management/user/me`, { headers })).status).toBe(404);
    expect((await fetch(`${base}/idp/.well-known/openid-configuration`, { headers })).status).toBe(
      404,
    );
  });
});
