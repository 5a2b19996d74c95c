import { permissions, permissionsForRoles, type Customer, type UserMe } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { auditLog, desc, eq, users } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '@boon/server/testing';

let server: TestServer;
const tokens = new Map<string, string>();

async function tokenFor(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = (await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD })).accessToken;
    tokens.set(email, token);
  }
  return token;
}

async function as<Body = Record<string, unknown>>(
  email: string,
  path: string,
  customerId?: string,
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    headers: {
      authorization: `Bearer ${await tokenFor(email)}`,
      ...(customerId ? { 'x-customer-id': customerId } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** PATCH /user/me/options as `email` (or anonymously) with a raw JSON body text. */
async function patchOptions(
  email: string | undefined,
  body: string | undefined,
  customerId?: string,
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management/user/me/options`, {
    method: 'PATCH',
    headers: {
      ...(email ? { authorization: `Bearer ${await tokenFor(email)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(customerId ? { 'x-customer-id': customerId } : {}),
    },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const auditRows = () => server.db.select().from(auditLog).orderBy(desc(auditLog.id));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /user/me', () => {
  it('describes the signed-in owner from the database', async () => {
    const { status, body } = await as('owner@acme.test', '/user/me');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'U-ACMEOWNER',
      firstName: 'Olivia',
      lastName: 'Hart',
      emailAddress: 'owner@acme.test',
      emailVerified: true,
      isStaff: false,
      customerIds: ['C-ACME0001'],
      // No customer selected: the roles at the first customer, as the access token says.
      roles: ['owner'],
      permissions: [...permissions],
      options: {
        useBalancesTncAccepted: true,
        dataProcessingTncAccepted: true,
        gettingStartedDismissed: false,
        introWatched: false,
      },
      mfaEnabled: false,
    });
  });

  it('gives the roles and permissions held at the selected customer', async () => {
    const { body } = await as('owner@acme.test', '/user/me', 'C-ACME0001');
    expect(body.roles).toEqual(['owner']);
    expect(body.permissions).toEqual([...permissions]);

    const viewer = await as('viewer@acme.test', '/user/me', 'C-ACME0001');
    expect(viewer.body.roles).toEqual(['viewer']);
    expect(viewer.body.permissions).toEqual(permissionsForRoles(['viewer']));
    expect(viewer.body.permissions).not.toContain('write:orders');
  });

  it('gives no roles to a user without customers', async () => {
    const { body } = await as('staff@boon.test', '/user/me');
    expect(body).toMatchObject({ customerIds: [], roles: [], permissions: [] });
  });

  it('lists both customers of a user of two, and the roles of whichever is selected', async () => {
    const { body } = await as('multi@acme.test', '/user/me', 'C-GLOBEX01');
    expect(body.customerIds).toEqual(['C-ACME0001', 'C-GLOBEX01']);
    expect(body.roles).toEqual(['admin']);
  });

  it('leaves the consent unanswered (null) for the user who never answered', async () => {
    const { body } = await as('fresh@acme.test', '/user/me');
    expect(body.options).toEqual({
      useBalancesTncAccepted: true,
      dataProcessingTncAccepted: null,
      gettingStartedDismissed: false,
      introWatched: false,
    });
  });

  it('marks staff and an unverified e-mail', async () => {
    expect((await as('staff@boon.test', '/user/me')).body.isStaff).toBe(true);
    // The provider refuses unverified sign-ins, so the address loses its verification afterwards.
    await as('manager@acme.test', '/user/me');
    await server.db
      .update(users)
      .set({ emailVerified: false })
      .where(eq(users.email, 'manager@acme.test'));
    expect((await as('manager@acme.test', '/user/me')).body.emailVerified).toBe(false);
  });

  it('answers 404 "User doesn\'t exist for you" for a sign-in identity before onboarding', async () => {
    await as('finance@acme.test', '/user/me');
    await server.db
      .update(users)
      .set({ profileCreatedAt: null })
      .where(eq(users.email, 'finance@acme.test'));
    const { status, body } = await as('finance@acme.test', '/user/me');
    expect(status).toBe(404);
    expect(body).toMatchObject({ message: "User doesn't exist for you" });
  });

  it('answers 404 "User doesn\'t exist for you" when the identity has no user behind it', async () => {
    await as('agent@acme.test', '/user/me'); // sign in while the user exists
    await server.db.delete(users).where(eq(users.id, 'U-ACMEAGENT'));
    const { status, body } = await as('agent@acme.test', '/user/me');
    expect(status).toBe(404);
    expect(body).toEqual({
      status: 404,
      code: 'user_not_found',
      message: "User doesn't exist for you",
    });
  });
});

describe('GET /customer', () => {
  it("lists the owner's one customer with its settings", async () => {
    const { status, body } = await as<Customer[]>('owner@acme.test', '/customer');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      customerId: 'C-ACME0001',
      customerName: 'Acme Rewards Ltd',
      name: 'Acme Rewards Ltd',
      source: 'direct',
      limitedAccess: false,
      playgroundMode: false,
      defaultCurrency: { code: 'USD', symbol: '$' },
      customerFeatureFlags: {
        balances: { enabled: true, floats: ['USD', 'GBP', 'EUR'], cardFees: true },
        fx: true,
      },
      discountConfig: { flatRateMultiplier: '0.9700' },
      termsAccepted: { balances: true, dataProcessing: true },
    });
  });

  it('sorts the customers of a user of two by name', async () => {
    const { body } = await as<Customer[]>('multi@acme.test', '/customer');
    expect(body.map((c) => c.customerName)).toEqual(['Acme Rewards Ltd', 'Globex Corporation']);
    expect(body[1]).toMatchObject({
      source: 'migrated-from-connect',
      customerFeatureFlags: { fx: false },
    });
  });

  it('shows the trial customer in playground mode with limited access', async () => {
    const { body } = await as<Customer[]>('trial@newco.test', '/customer');
    expect(body[0]).toMatchObject({
      customerId: 'C-NEWCO001',
      playgroundMode: true,
      limitedAccess: true,
    });
  });

  it('answers 404 "No customers found" for a user without customers', async () => {
    const { status, body } = await as('pending@initech.test', '/customer');
    expect(status).toBe(404);
    expect(body).toEqual({
      status: 404,
      code: 'no_customers_found',
      message: 'No customers found',
    });
  });
});

describe('PATCH /user/me/options', () => {
  it('records the consent answer of the user who never gave one, and audits it', async () => {
    const before = await auditRows();
    const { status, body } = await patchOptions(
      'fresh@acme.test',
      JSON.stringify({ dataProcessingTncAccepted: true }),
    );
    expect(status).toBe(200);
    // The same userMe GET /user/me answers, now with the answer saved.
    const me = await as<UserMe>('fresh@acme.test', '/user/me');
    expect(me.body.options).toEqual({
      useBalancesTncAccepted: true,
      dataProcessingTncAccepted: true,
      gettingStartedDismissed: false,
      introWatched: false,
    });
    expect(body).toEqual(me.body);
    const [row] = await server.db
      .select({ consent: users.dataProcessingTncAccepted })
      .from(users)
      .where(eq(users.id, 'U-ACMEFRESH'));
    expect(row?.consent).toBe(true);

    const after = await auditRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      actorUserId: 'U-ACMEFRESH',
      customerId: null,
      action: 'user.options.update',
      target: 'U-ACMEFRESH',
      details: { changes: { dataProcessingTncAccepted: { from: null, to: true } } },
    });
    expect(after[0]?.at).toBeInstanceOf(Date);
  });

  it('takes a decline (false) and both options at once, answering for the selected customer', async () => {
    await server.db
      .update(users)
      .set({ useBalancesTncAccepted: false })
      .where(eq(users.id, 'U-ACMEMULTI'));
    const { status, body } = await patchOptions(
      'multi@acme.test',
      JSON.stringify({ dataProcessingTncAccepted: false, useBalancesTncAccepted: true }),
      'C-GLOBEX01',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'U-ACMEMULTI',
      customerIds: ['C-ACME0001', 'C-GLOBEX01'],
      roles: ['admin'],
      options: { dataProcessingTncAccepted: false, useBalancesTncAccepted: true },
    });
    const [latest] = await auditRows();
    expect(latest).toMatchObject({
      actorUserId: 'U-ACMEMULTI',
      customerId: 'C-GLOBEX01',
      details: {
        changes: {
          dataProcessingTncAccepted: { from: true, to: false },
          useBalancesTncAccepted: { from: false, to: true },
        },
      },
    });
  });

  it("remembers Home's checklist dismissed and the intro watched, keeping the first moment", async () => {
    const { status, body } = await patchOptions(
      'admin@acme.test',
      JSON.stringify({ gettingStartedDismissed: true }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      options: { gettingStartedDismissed: true, introWatched: false },
    });
    const [first] = await server.db.select().from(users).where(eq(users.id, 'U-ACMEADMIN'));
    expect(first?.gettingStartedDismissedAt).toBeInstanceOf(Date);
    expect(first?.introWatchedAt).toBeNull();
    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      actorUserId: 'U-ACMEADMIN',
      details: { changes: { gettingStartedDismissed: { from: false, to: true } } },
    });

    const again = await patchOptions(
      'admin@acme.test',
      JSON.stringify({ gettingStartedDismissed: true, introWatched: true }),
    );
    expect(again.body).toMatchObject({
      options: { gettingStartedDismissed: true, introWatched: true },
    });
    const [second] = await server.db.select().from(users).where(eq(users.id, 'U-ACMEADMIN'));
    expect(second?.gettingStartedDismissedAt).toEqual(first?.gettingStartedDismissedAt);
    expect(second?.introWatchedAt).toBeInstanceOf(Date);
    // Every browser reads it from the user.
    const me = await as('admin@acme.test', '/user/me');
    expect(me.body.options).toMatchObject({ gettingStartedDismissed: true, introWatched: true });
  });

  it.each([
    [
      'showing the checklist again',
      { gettingStartedDismissed: false },
      'body.gettingStartedDismissed',
    ],
    ['unwatching the intro', { introWatched: false }, 'body.introWatched'],
    [
      'a string for a boolean',
      { dataProcessingTncAccepted: 'yes' },
      'body.dataProcessingTncAccepted',
    ],
    ['null for a boolean', { dataProcessingTncAccepted: null }, 'body.dataProcessingTncAccepted'],
    ['a number for a boolean', { useBalancesTncAccepted: 1 }, 'body.useBalancesTncAccepted'],
    [
      'withdrawing the balances terms',
      { useBalancesTncAccepted: false },
      'body.useBalancesTncAccepted',
    ],
    ['an unknown field', { dataProcessingTncAccepted: true, isStaff: true }, 'body.isStaff'],
    ['only an unknown field', { marketingAccepted: true }, 'body.marketingAccepted'],
    ['an empty object', {}, 'body'],
    ['an array', [true], 'body'],
    ['a bare boolean', true, 'body'],
  ])('refuses %s with 422 and field errors, changing nothing', async (_label, payload, path) => {
    const before = await auditRows();
    const [userBefore] = await server.db.select().from(users).where(eq(users.id, 'U-ACMEVIEWER'));
    const { status, body } = await patchOptions('viewer@acme.test', JSON.stringify(payload));
    expect(status).toBe(422);
    expect(body).toMatchObject({
      status: 422,
      code: 'validation_error',
      message: 'ValidationErrorResponse',
    });
    const fieldErrors = body.fieldErrors as { path: string; message: string }[];
    expect(fieldErrors.length).toBeGreaterThan(0);
    expect(fieldErrors.map((e) => e.path)).toContain(path);
    for (const error of fieldErrors) expect(error.message).not.toBe('');
    expect(await auditRows()).toHaveLength(before.length);
    const [userAfter] = await server.db.select().from(users).where(eq(users.id, 'U-ACMEVIEWER'));
    expect(userAfter).toEqual(userBefore);
  });

  it('names each unknown field in its own field error', async () => {
    const { status, body } = await patchOptions(
      'viewer@acme.test',
      JSON.stringify({ dataProcessingTncAccepted: true, isStaff: true, roles: ['owner'] }),
    );
    expect(status).toBe(422);
    expect(body.fieldErrors).toEqual([
      { path: 'body.isStaff', message: 'Unrecognized field' },
      { path: 'body.roles', message: 'Unrecognized field' },
    ]);
    const empty = await patchOptions('viewer@acme.test', '{}');
    expect(empty.body.fieldErrors).toEqual([
      { path: 'body', message: 'Give at least one option to change' },
    ]);
  });

  it('refuses a request without a body with 422', async () => {
    const { status, body } = await patchOptions('viewer@acme.test', undefined);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'validation_error' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { status, body } = await patchOptions(
      'viewer@acme.test',
      '{"dataProcessingTncAccepted":',
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: 'bad_request', message: 'Bad Request' });
  });

  it('refuses a caller without a token with 401, before looking at the body', async () => {
    const before = await auditRows();
    for (const payload of [JSON.stringify({ dataProcessingTncAccepted: true }), '{}']) {
      const { status, body } = await patchOptions(undefined, payload);
      expect(status).toBe(401);
      expect(body).toEqual({ status: 401, code: 'unauthorized', message: 'Unauthorized' });
    }
    expect(await auditRows()).toHaveLength(before.length);
  });

  it('refuses with 403 when x-customer-id names a customer of another tenant', async () => {
    const { status } = await patchOptions(
      'viewer@acme.test',
      JSON.stringify({ dataProcessingTncAccepted: false }),
      'C-GLOBEX01',
    );
    expect(status).toBe(403);
  });
});

describe('the last customer chosen (GET and PUT /user/me/last-customer)', () => {
  async function remember(email: string, customerId: string) {
    const response = await fetch(
      `${server.baseUrl}/api/customer-management/user/me/last-customer/${customerId}`,
      { method: 'PUT', headers: { authorization: `Bearer ${await tokenFor(email)}` } },
    );
    return { status: response.status, text: await response.text() };
  }
  const stored = async (userId: string) =>
    (
      await server.db
        .select({ lastCustomerId: users.lastCustomerId })
        .from(users)
        .where(eq(users.id, userId))
    )[0]?.lastCustomerId;

  it('is none until the user chooses, then the chosen customer, from any browser', async () => {
    await server.db.update(users).set({ lastCustomerId: null }).where(eq(users.id, 'U-ACMEMULTI'));
    expect(await as('multi@acme.test', '/user/me/last-customer')).toEqual({
      status: 200,
      body: { customerId: null },
    });

    expect(await remember('multi@acme.test', 'C-GLOBEX01')).toEqual({ status: 204, text: '' });
    expect(await stored('U-ACMEMULTI')).toBe('C-GLOBEX01');
    // Whatever customer the reading request names, the answer is the user's own.
    expect(await as('multi@acme.test', '/user/me/last-customer', 'C-ACME0001')).toEqual({
      status: 200,
      body: { customerId: 'C-GLOBEX01' },
    });
  });

  it('refuses a customer the user does not belong to, and keeps the one they had', async () => {
    await remember('owner@acme.test', 'C-ACME0001');
    expect(await remember('owner@acme.test', 'C-GLOBEX01')).toMatchObject({ status: 403 });
    expect(await stored('U-ACMEOWNER')).toBe('C-ACME0001');
  });

  it('answers none once the user no longer belongs to the remembered customer', async () => {
    await server.db
      .update(users)
      .set({ lastCustomerId: 'C-NEWCO001' })
      .where(eq(users.id, 'U-ACMEMULTI'));
    expect((await as('multi@acme.test', '/user/me/last-customer')).body).toEqual({
      customerId: null,
    });
  });

  it('refuses a signed-out caller', async () => {
    const response = await fetch(`${server.baseUrl}/api/customer-management/user/me/last-customer`);
    expect(response.status).toBe(401);
  });
});
