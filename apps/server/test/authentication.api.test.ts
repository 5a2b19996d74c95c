import { DEMO_PASSWORD } from '@boon/customer-management';
import { eq, users } from '@boon/db';
import type { FastifyRequest } from 'fastify';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';
import { tokenCutoffOf } from './customer-management-client.js';

let server: TestServer;
let ownerToken: string;
let ownerIdToken: string;

const unauthorized = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
const forbidden = { status: 403, code: 'forbidden', message: 'Forbidden' };

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

const VIEWER = 'U-ACMEVIEWER';
const refusedToken = {
  status: 401,
  challenge: 'Bearer error="invalid_token"',
  body: unauthorized,
};

/** The status, the challenge and the body of a GET. */
async function answer(path: string, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as unknown,
  };
}

/** Unblocked, with no token cutoff, as the demo data has the user. */
async function restore(userId: string): Promise<void> {
  await server.db
    .update(users)
    .set({ blocked: false, tokensValidAfter: null })
    .where(eq(users.id, userId));
}

beforeAll(async () => {
  server = await startTestServer({}, (app) => {
    // Routes declaring permissions, as every business endpoint will.
    const echo = async (request: FastifyRequest) => ({ customerId: request.auth?.customerId });
    app.get(
      '/api/test/write-orders',
      { config: { access: { permissions: ['write:orders'] } } },
      echo,
    );
    app.get(
      '/api/test/orders-or-billing',
      { config: { access: { permissions: ['write:orders', 'read:billing'], mode: 'any' } } },
      echo,
    );
    app.get(
      '/api/test/orders-and-billing',
      { config: { access: { permissions: ['write:orders', 'read:billing'] } } },
      echo,
    );
  });
  const tokens = await signIn({
    baseUrl: server.baseUrl,
    email: 'owner@acme.test',
    password: DEMO_PASSWORD,
  });
  ownerToken = tokens.accessToken;
  ownerIdToken = tokens.idToken;
});
afterAll(() => server?.close());

describe('bearer tokens', () => {
  it('accepts a token the issuer signed', async () => {
    expect(
      (await get('/api/customer-management/user/me', { authorization: `Bearer ${ownerToken}` }))
        .status,
    ).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    [
      'another scheme',
      { authorization: `Basic ${Buffer.from('owner@acme.test:x').toString('base64')}` },
    ],
    ['garbage', { authorization: 'Bearer not.a.jwt' }],
  ])('refuses %s with 401', async (_label, headers) => {
    const { status, body } = await get('/api/customer-management/user/me', headers);
    expect(status).toBe(401);
    expect(body).toEqual(unauthorized);
  });

  it.each([
    ['no header', {}, 'Bearer'],
    ['an empty bearer', { authorization: 'Bearer ' }, 'Bearer'],
    ['another scheme', { authorization: 'Basic b3duZXJAYWNtZS50ZXN0Ong=' }, 'Bearer'],
    ['garbage', { authorization: 'Bearer not.a.jwt' }, 'Bearer error="invalid_token"'],
  ])(
    'tells a client refused for %s how to authenticate (RFC 6750)',
    async (_l, headers, challenge) => {
      const response = await fetch(`${server.baseUrl}/api/customer-management/user/me`, {
        headers,
      });
      await response.body?.cancel();
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(challenge);
    },
  );

  it('refuses a token signed with someone else’s key (forged) with 401', async () => {
    const claims = decodeJwt(ownerToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...claims, is_staff: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'attacker' })
      .sign(privateKey);
    const { status, body } = await get('/api/customer-management/user/me', {
      authorization: `Bearer ${forged}`,
    });
    expect(status).toBe(401);
    expect(body).toEqual(unauthorized);
  });

  it('refuses a real token whose claims were altered with 401', async () => {
    const [header, payload, signature] = ownerToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const altered = Buffer.from(JSON.stringify({ ...claims, is_staff: true })).toString(
      'base64url',
    );
    const { status } = await get('/api/customer-management/user/me', {
      authorization: `Bearer ${header}.${altered}.${signature}`,
    });
    expect(status).toBe(401);
  });

  it('refuses an unsigned ("alg": "none") token with 401', async () => {
    const claims = decodeJwt(ownerToken);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(
      (await get('/api/customer-management/user/me', { authorization: `Bearer ${none}` })).status,
    ).toBe(401);
  });

  it('refuses an ID token used as an access token (wrong audience) with 401', async () => {
    const { status } = await get('/api/customer-management/user/me', {
      authorization: `Bearer ${ownerIdToken}`,
    });
    expect(status).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const expired = await server.app.inject({
      method: 'GET',
      url: '/api/customer-management/user/me',
      headers: { authorization: `Bearer ${ownerToken}`, host: new URL(server.baseUrl).host },
    });
    expect(expired.statusCode).toBe(200);
    const { exp } = decodeJwt(ownerToken);
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    // Re-sign the same claims with the issuer's own key but an expiry in the past.
    const token = await server.signWithIssuerKey({
      ...decodeJwt(ownerToken),
      iat: 1_700_000_000,
      exp: 1_700_000_600,
    });
    const { status, body } = await get('/api/customer-management/user/me', {
      authorization: `Bearer ${token}`,
    });
    expect(status).toBe(401);
    expect(body).toEqual(unauthorized);
    const answer = await fetch(`${server.baseUrl}/api/customer-management/user/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await answer.body?.cancel();
    expect(answer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example.com/idp' }, {}],
    ['another audience', { aud: 'https://other-api.example.com' }, {}],
    ['no expiry', { exp: undefined }, {}],
    ['no subject', { sub: undefined }, {}],
    ['a type other than at+jwt', {}, { typ: 'JWT' }],
  ])(
    'refuses a token signed with the issuer’s key but with %s, with 401',
    async (_label, changes, header) => {
      const token = await server.signWithIssuerKey(
        { ...decodeJwt(ownerToken), ...changes },
        header,
      );
      const { status, body } = await get('/api/customer-management/user/me', {
        authorization: `Bearer ${token}`,
      });
      expect(status).toBe(401);
      expect(body).toEqual(unauthorized);
    },
  );

  it('accepts the same claims re-signed unchanged (so the refusals above are about the change)', async () => {
    const token = await server.signWithIssuerKey(decodeJwt(ownerToken));
    expect(
      (await get('/api/customer-management/user/me', { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
  });

  it('reads the scheme case-insensitively', async () => {
    expect(
      (await get('/api/customer-management/user/me', { authorization: `bearer ${ownerToken}` }))
        .status,
    ).toBe(200);
  });

  it('ends the tokens issued before a block: 401 while blocked, and still after the unblock', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'viewer@acme.test',
      password: DEMO_PASSWORD,
    });
    const bearer = { authorization: `Bearer ${tokens.accessToken}` };
    await server.db.update(users).set({ blocked: true }).where(eq(users.id, VIEWER));
    try {
      expect(await answer('/api/customer-management/user/me', bearer)).toEqual(refusedToken);
      await server.db.update(users).set({ blocked: false }).where(eq(users.id, VIEWER));
      expect(await answer('/api/customer-management/user/me', bearer)).toEqual(refusedToken);
      // A token from after the block (a sign-in after the unblock) works.
      const after = await server.signWithIssuerKey({
        ...decodeJwt(tokens.accessToken),
        iat: Math.floor((await tokenCutoffOf(server.db, VIEWER)).getTime() / 1000) + 1,
      });
      const me = await get('/api/customer-management/user/me', {
        authorization: `Bearer ${after}`,
      });
      expect(me.status).toBe(200);
    } finally {
      await restore(VIEWER);
    }
  });

  it('refuses a blocked user a token from after the cutoff too, with 403', async () => {
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'viewer@acme.test',
      password: DEMO_PASSWORD,
    });
    // As for a user blocked before cutoffs were kept: the token postdates any. (Apart: the block
    // itself sets a cutoff.)
    await server.db.update(users).set({ blocked: true }).where(eq(users.id, VIEWER));
    await server.db.update(users).set({ tokensValidAfter: null }).where(eq(users.id, VIEWER));
    try {
      const { status, body } = await get('/api/customer-management/user/me', {
        authorization: `Bearer ${tokens.accessToken}`,
      });
      expect(status).toBe(403);
      expect(body).toEqual(forbidden);
    } finally {
      await restore(VIEWER);
    }
  });

  it('counts a token of the cutoff’s own second as issued before it, whichever side it was', async () => {
    const cutoff = new Date('2026-05-04T10:00:00.400Z');
    const second = Math.floor(cutoff.getTime() / 1000);
    const tokens = await signIn({
      baseUrl: server.baseUrl,
      email: 'viewer@acme.test',
      password: DEMO_PASSWORD,
    });
    const issuedAt = async (iat: number) =>
      (
        await get('/api/customer-management/user/me', {
          authorization: `Bearer ${await server.signWithIssuerKey({ ...decodeJwt(tokens.accessToken), iat })}`,
        })
      ).status;
    await server.db.update(users).set({ tokensValidAfter: cutoff }).where(eq(users.id, VIEWER));
    try {
      expect(await issuedAt(second - 1)).toBe(401);
      expect(await issuedAt(second)).toBe(401);
      expect(await issuedAt(second + 1)).toBe(200);
    } finally {
      await restore(VIEWER);
    }
  });
});

describe('the tenant header (x-customer-id)', () => {
  it('lets a member act for their customer', async () => {
    const { status } = await get('/api/customer-management/customer', {
      authorization: `Bearer ${ownerToken}`,
      'x-customer-id': 'C-ACME0001',
    });
    expect(status).toBe(200);
  });

  it.each([
    ['a customer the user does not belong to', 'C-GLOBEX01'],
    ['a customer that does not exist', 'C-ZZZZZZZZ'],
    ['a malformed id', "C-ACME0001' or 1=1"],
  ])('refuses %s with 403', async (_label, customerId) => {
    const { status, body } = await get('/api/customer-management/customer', {
      authorization: `Bearer ${ownerToken}`,
      'x-customer-id': customerId,
    });
    expect(status).toBe(403);
    expect(body).toEqual(forbidden);
  });

  it('lets staff act for any existing customer, and no other', async () => {
    const staff = await signIn({
      baseUrl: server.baseUrl,
      email: 'staff@boon.test',
      password: DEMO_PASSWORD,
    });
    const auth = { authorization: `Bearer ${staff.accessToken}` };
    expect(
      (await get('/api/customer-management/user/me', { ...auth, 'x-customer-id': 'C-GLOBEX01' }))
        .status,
    ).toBe(200);
    expect(
      (await get('/api/customer-management/user/me', { ...auth, 'x-customer-id': 'C-ZZZZZZZZ' }))
        .status,
    ).toBe(403);
  });
});

describe('routes that declare permissions', () => {
  const tokenFor = async (email: string) =>
    (await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD })).accessToken;

  it.each([
    // route, user, customer, expected status
    ['/api/test/write-orders', 'owner@acme.test', 'C-ACME0001', 200],
    ['/api/test/write-orders', 'viewer@acme.test', 'C-ACME0001', 403],
    ['/api/test/write-orders', 'finance@acme.test', 'C-ACME0001', 403],
    ['/api/test/write-orders', 'multi@acme.test', 'C-GLOBEX01', 200],
    ['/api/test/orders-and-billing', 'admin@acme.test', 'C-ACME0001', 200],
    ['/api/test/orders-and-billing', 'viewer@acme.test', 'C-ACME0001', 403],
    ['/api/test/orders-or-billing', 'viewer@acme.test', 'C-ACME0001', 200],
    ['/api/test/orders-or-billing', 'agent@acme.test', 'C-ACME0001', 403],
    // Staff hold no roles at a customer they don't belong to.
    ['/api/test/orders-or-billing', 'staff@boon.test', 'C-ACME0001', 403],
  ] as const)('%s as %s at %s → %i', async (route, email, customerId, expected) => {
    const { status, body } = await get(route, {
      authorization: `Bearer ${await tokenFor(email)}`,
      'x-customer-id': customerId,
    });
    expect(status).toBe(expected);
    expect(body).toEqual(expected === 200 ? { customerId } : forbidden);
  });

  it('refuse a request that names no customer, even from an owner, with 403', async () => {
    const { status, body } = await get('/api/test/write-orders', {
      authorization: `Bearer ${await tokenFor('owner@acme.test')}`,
    });
    expect(status).toBe(403);
    expect(body).toEqual(forbidden);
  });

  it('refuse a request without a token with 401 before anything else', async () => {
    const { status, body } = await get('/api/test/write-orders', { 'x-customer-id': 'C-ACME0001' });
    expect(status).toBe(401);
    expect(body).toEqual(unauthorized);
  });
});

describe('routes that do not exist', () => {
  it('answer API callers with the JSON 404', async () => {
    const { status, body } = await get('/api/customer-management/no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({ status: 404, code: 'not_found', message: 'Not Found' });
  });
});
