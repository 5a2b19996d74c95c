import { and, eq, oidcPayloads, sql } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover, newAuthorizationRequest, type ProviderMetadata } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Each authorization request without a session stores a sign-in interaction. Anyone can send them
 * without signing in, so they are limited per client address, live briefly, and are deleted once
 * expired.
 */

let server: TestServer;
let provider: ProviderMetadata;

beforeAll(async () => {
  // Behind a proxy on this machine, so a test can speak for many client addresses.
  server = await startTestServer({ TRUST_PROXY: '1' });
  provider = await discover(server.baseUrl);
});
afterAll(() => server?.close());

/** What a new authorization request gets: the sign-in form itself (interaction-entry.ts). */
const SIGN_IN_FORM = 200;

/** A new authorization request of the console, as a browser without cookies sends it. */
async function authorizationRequest(clientAddress: string): Promise<Response> {
  const request = newAuthorizationRequest({
    clientId: server.config.oidc.clientId,
    redirectUri: `${server.baseUrl}/auth/callback`,
  });
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  const response = await fetch(url, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': clientAddress },
  });
  await response.body?.cancel();
  return response;
}

/** The stored interactions and the seconds each has left. */
async function interactions() {
  return server.db
    .select({
      id: oidcPayloads.id,
      secondsLeft: sql<number>`extract(epoch from ${oidcPayloads.expiresAt} - now())::float8`,
    })
    .from(oidcPayloads)
    .where(eq(oidcPayloads.model, 'Interaction'));
}

describe('authorization requests without a session', () => {
  it('are limited to 60 a minute per client address; other addresses carry on', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 61; request += 1) {
      statuses.push((await authorizationRequest('203.0.113.1')).status);
    }
    expect(statuses.slice(0, 60).every((status) => status === SIGN_IN_FORM)).toBe(true);
    expect(statuses[60]).toBe(429);

    const refused = await authorizationRequest('203.0.113.1');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('content-type')).toContain('text/html');

    expect((await authorizationRequest('203.0.113.2')).status).toBe(SIGN_IN_FORM);
  });

  it('store an interaction for ten minutes, not an hour', async () => {
    const before = new Set((await interactions()).map((row) => row.id));
    expect((await authorizationRequest('203.0.113.3')).status).toBe(SIGN_IN_FORM);
    const created = (await interactions()).filter((row) => !before.has(row.id));
    expect(created).toHaveLength(1);
    expect(created[0]!.secondsLeft).toBeGreaterThan(10 * 60 - 30);
    expect(created[0]!.secondsLeft).toBeLessThanOrEqual(10 * 60);
  });

  it('leave no expired interaction behind once another is stored', async () => {
    expect((await authorizationRequest('203.0.113.4')).status).toBe(SIGN_IN_FORM);
    await server.db
      .update(oidcPayloads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oidcPayloads.model, 'Interaction'));
    expect((await authorizationRequest('203.0.113.5')).status).toBe(SIGN_IN_FORM);
    const expired = await server.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Interaction'), sql`${oidcPayloads.expiresAt} <= now()`));
    expect(expired).toEqual([]);
    expect(await interactions()).toHaveLength(1);
  });
});
