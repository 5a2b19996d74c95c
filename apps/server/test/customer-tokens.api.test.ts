import { permissionsForRoles, type UserMe } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { and, eq, memberships } from '@boon/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discover,
  refresh,
  signIn,
  TokenRequestError,
  type ProviderMetadata,
  type TokenSet,
} from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * Access tokens for the customer the console selects: it sends `customer_id` on the code exchange
 * and on refreshes, and the token's roles and permissions are those held at that customer.
 */

let server: TestServer;
let provider: ProviderMetadata;

beforeAll(async () => {
  server = await startTestServer();
  provider = await discover(server.baseUrl);
  // finance@acme.test is also a service agent at Globex, so switching customers changes roles.
  await server.db
    .insert(memberships)
    .values({ userId: 'U-ACMEFINANCE', customerId: 'C-GLOBEX01', roles: ['service_agent'] });
});
afterAll(() => server?.close());

const signInAs = (email: string, customerId?: string) =>
  signIn({
    baseUrl: server.baseUrl,
    email,
    password: DEMO_PASSWORD,
    ...(customerId ? { customerId } : {}),
  });

/** What the console reads from an access token. */
function claimsOf(tokens: TokenSet) {
  const { customer_id, customer_ids, roles, permissions, is_staff } = decodeJwt(tokens.accessToken);
  return { customer_id, customer_ids, roles, permissions, is_staff };
}

async function userMe(tokens: TokenSet, customerId: string) {
  const response = await fetch(`${server.baseUrl}/api/customer-management/user/me`, {
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'x-customer-id': customerId },
  });
  return { status: response.status, body: (await response.json()) as UserMe };
}

/** The OAuth error a token request was refused with. */
async function refusal(request: Promise<unknown>) {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TokenRequestError);
  const { status, body } = error as TokenRequestError;
  return { status, error: body.error, description: body.error_description };
}

const admin = { roles: ['admin'], permissions: permissionsForRoles(['admin']) };

describe('customer_id on the code exchange', () => {
  it('gives multi@acme.test the admin claims at Globex when asking for Globex', async () => {
    const tokens = await signInAs('multi@acme.test', 'C-GLOBEX01');
    expect(claimsOf(tokens)).toEqual({
      customer_id: 'C-GLOBEX01',
      customer_ids: ['C-ACME0001', 'C-GLOBEX01'],
      is_staff: false,
      ...admin,
    });
    // The API takes the token for that customer and agrees on the roles.
    const { status, body } = await userMe(tokens, 'C-GLOBEX01');
    expect(status).toBe(200);
    expect(body).toMatchObject(admin);
  });

  it('gives multi@acme.test the admin claims at Acme when asking for Acme', async () => {
    const tokens = await signInAs('multi@acme.test', 'C-ACME0001');
    expect(claimsOf(tokens)).toMatchObject({ customer_id: 'C-ACME0001', ...admin });
  });

  it('gives the roles held at the customer asked for, not at the first', async () => {
    expect(claimsOf(await signInAs('finance@acme.test', 'C-GLOBEX01'))).toMatchObject({
      customer_id: 'C-GLOBEX01',
      customer_ids: ['C-ACME0001', 'C-GLOBEX01'],
      roles: ['service_agent'],
      permissions: permissionsForRoles(['service_agent']),
    });
    expect(claimsOf(await signInAs('finance@acme.test', 'C-ACME0001'))).toMatchObject({
      customer_id: 'C-ACME0001',
      roles: ['finance_manager'],
      permissions: permissionsForRoles(['finance_manager']),
    });
  });

  it('without customer_id (or with an empty one) keeps the first customer by name', async () => {
    const tokens = await signInAs('finance@acme.test');
    expect(claimsOf(tokens)).toMatchObject({
      customer_id: 'C-ACME0001',
      roles: ['finance_manager'],
    });
    const viaEmpty = await refresh(provider, {
      refreshToken: tokens.refreshToken,
      extraParams: [['customer_id', '']],
    });
    expect(claimsOf(viaEmpty)).toMatchObject({
      customer_id: 'C-ACME0001',
      roles: ['finance_manager'],
    });
  });

  it('names no customer for a user of none', async () => {
    const claims = decodeJwt((await signInAs('pending@initech.test')).accessToken);
    expect(claims).toMatchObject({ customer_ids: [], roles: [], permissions: [] });
    expect(claims).not.toHaveProperty('customer_id');
  });

  it('refuses a customer of another tenant with invalid_request, issuing nothing', async () => {
    const refused = await refusal(signInAs('owner@acme.test', 'C-GLOBEX01'));
    expect(refused).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(refused.description).toContain('customer_id');
  });

  it('refuses a customer that does not exist, a malformed id and a repeated one', async () => {
    expect(await refusal(signInAs('owner@acme.test', 'C-ZZZZZZZZ'))).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
    const tokens = await signInAs('owner@acme.test');
    for (const extraParams of [
      [['customer_id', "C-ACME0001' or 1=1"]],
      [['customer_id', 'acme']],
      [
        ['customer_id', 'C-ACME0001'],
        ['customer_id', 'C-ACME0001'],
      ],
    ] as [string, string][][]) {
      expect(
        await refusal(refresh(provider, { refreshToken: tokens.refreshToken, extraParams })),
      ).toMatchObject({ status: 400, error: 'invalid_request' });
    }
  });

  it('lets staff name any existing customer, with is_staff and no roles there, and no other', async () => {
    expect(claimsOf(await signInAs('staff@boon.test', 'C-GLOBEX01'))).toEqual({
      customer_id: 'C-GLOBEX01',
      customer_ids: [],
      is_staff: true,
      roles: [],
      permissions: [],
    });
    expect(await refusal(signInAs('staff@boon.test', 'C-ZZZZZZZZ'))).toMatchObject({
      status: 400,
      error: 'invalid_request',
    });
  });
});

describe('customer_id on refresh', () => {
  it('switches the claims to the customer each refresh asks for', async () => {
    const first = await signInAs('finance@acme.test', 'C-ACME0001');
    expect(claimsOf(first)).toMatchObject({
      customer_id: 'C-ACME0001',
      roles: ['finance_manager'],
    });

    const atGlobex = await refresh(provider, {
      refreshToken: first.refreshToken,
      customerId: 'C-GLOBEX01',
    });
    expect(claimsOf(atGlobex)).toMatchObject({
      customer_id: 'C-GLOBEX01',
      roles: ['service_agent'],
      permissions: permissionsForRoles(['service_agent']),
    });
    expect((await userMe(atGlobex, 'C-GLOBEX01')).body.roles).toEqual(['service_agent']);

    const back = await refresh(provider, {
      refreshToken: atGlobex.refreshToken,
      customerId: 'C-ACME0001',
    });
    expect(claimsOf(back)).toMatchObject({ customer_id: 'C-ACME0001', roles: ['finance_manager'] });
  });

  it('switches multi@acme.test between Acme and Globex', async () => {
    const first = await signInAs('multi@acme.test');
    expect(claimsOf(first).customer_id).toBe('C-ACME0001');
    const switched = await refresh(provider, {
      refreshToken: first.refreshToken,
      customerId: 'C-GLOBEX01',
    });
    expect(claimsOf(switched)).toMatchObject({ customer_id: 'C-GLOBEX01', ...admin });
  });

  it('refuses a customer of another tenant and leaves the refresh token usable', async () => {
    const tokens = await signInAs('owner@acme.test');
    expect(
      await refusal(
        refresh(provider, { refreshToken: tokens.refreshToken, customerId: 'C-GLOBEX01' }),
      ),
    ).toMatchObject({ status: 400, error: 'invalid_request' });
    // Refused before rotation: the same refresh token still works (no replay, no revoked grant).
    const next = await refresh(provider, {
      refreshToken: tokens.refreshToken,
      customerId: 'C-ACME0001',
    });
    expect(claimsOf(next)).toMatchObject({ customer_id: 'C-ACME0001', roles: ['owner'] });
  });

  it('reads the memberships at every issue: a member removed since sign-in is refused', async () => {
    const tokens = await signInAs('multi@acme.test', 'C-GLOBEX01');
    await server.db
      .delete(memberships)
      .where(and(eq(memberships.userId, 'U-ACMEMULTI'), eq(memberships.customerId, 'C-GLOBEX01')));
    try {
      expect(
        await refusal(
          refresh(provider, { refreshToken: tokens.refreshToken, customerId: 'C-GLOBEX01' }),
        ),
      ).toMatchObject({ status: 400, error: 'invalid_request' });
      const atAcme = await refresh(provider, {
        refreshToken: tokens.refreshToken,
        customerId: 'C-ACME0001',
      });
      expect(claimsOf(atAcme)).toMatchObject({
        customer_id: 'C-ACME0001',
        customer_ids: ['C-ACME0001'],
      });
    } finally {
      await server.db
        .insert(memberships)
        .values({ userId: 'U-ACMEMULTI', customerId: 'C-GLOBEX01', roles: ['admin'] });
    }
  });
});
