import { permissions, permissionsForRoles, type Customer } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { eq, users } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
const tokens = new Map<string, string>();

async function as<Body = Record<string, unknown>>(
  email: string,
  path: string,
  customerId?: string,
) {
  let token = tokens.get(email);
  if (!token) {
    token = (await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD })).accessToken;
    tokens.set(email, token);
  }
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(customerId ? { 'x-customer-id': customerId } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

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
      options: { useBalancesTncAccepted: true, dataProcessingTncAccepted: true },
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
    expect(body.options).toEqual({ useBalancesTncAccepted: true, dataProcessingTncAccepted: null });
  });

  it('marks staff and the unverified e-mail', async () => {
    expect((await as('staff@boon.test', '/user/me')).body.isStaff).toBe(true);
    expect((await as('unverified@acme.test', '/user/me')).body.emailVerified).toBe(false);
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
