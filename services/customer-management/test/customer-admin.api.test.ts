import {
  CUSTOMER_SEARCH_MAX,
  customerListSchema,
  customerSchema,
  customerUserListSchema,
  type Customer,
  type CustomerUser,
} from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { customers, eq, pendingCustomers } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '@boon/server/testing';

/**
 * The customer admin paths of spec 7: GET /customer/{customerId}, /customer/{customerId}/users,
 * /customers, /customer/exists and /onboarding-state, each for success, each documented error, a
 * wrong tenant and a missing permission.
 */

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

/** GET `path` as `email` (or anonymously), naming `customerId` in x-customer-id when given. */
async function get<Body = Record<string, unknown>>(
  email: string | undefined,
  path: string,
  customerId?: string,
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    headers: {
      ...(email ? { authorization: `Bearer ${await tokenFor(email)}` } : {}),
      ...(customerId ? { 'x-customer-id': customerId } : {}),
    },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const ACME = 'C-ACME0001';
const GLOBEX = 'C-GLOBEX01';
const forbidden = { status: 403, code: 'forbidden', message: 'Forbidden' };
const unauthorized = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
const noCustomers = { status: 404, code: 'no_customers_found', message: 'No customers found' };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /customer/{customerId}', () => {
  it('gives a member the customer x-customer-id selects', async () => {
    const { status, body } = await get<Customer>('viewer@acme.test', `/customer/${ACME}`, ACME);
    expect(status).toBe(200);
    expect(customerSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      customerId: ACME,
      customerName: 'Acme Rewards Ltd',
      name: 'Acme Rewards Ltd',
      discountConfig: { flatRateMultiplier: '0.9700' },
      defaultCurrency: { code: 'USD', symbol: '$' },
    });
  });

  it('gives a user of two customers either one, the one selected', async () => {
    const { status, body } = await get<Customer>('multi@acme.test', `/customer/${GLOBEX}`, GLOBEX);
    expect(status).toBe(200);
    expect(body).toMatchObject({ customerId: GLOBEX, source: 'migrated-from-connect' });
  });

  it('lets staff open any customer', async () => {
    const { status, body } = await get<Customer>('staff@boon.test', `/customer/${GLOBEX}`, GLOBEX);
    expect(status).toBe(200);
    expect(body.customerName).toBe('Globex Corporation');
  });

  it('refuses a non-member, naming the customer or not, without telling whether it exists', async () => {
    expect(await get('owner@globex.test', `/customer/${ACME}`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get('owner@globex.test', `/customer/${ACME}`, GLOBEX)).toEqual({
      status: 403,
      body: forbidden,
    });
    // An unknown customer looks the same as someone else's.
    expect(await get('owner@globex.test', '/customer/C-ZZZZZZZZ', 'C-ZZZZZZZZ')).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses a path naming another customer than x-customer-id (wrong tenant), even for staff', async () => {
    expect(await get('multi@acme.test', `/customer/${GLOBEX}`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get('staff@boon.test', `/customer/${GLOBEX}`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('takes its tenant from the path: x-customer-id may be left out', async () => {
    expect((await get('owner@acme.test', `/customer/${ACME}`)).status).toBe(200);
    expect(await get('owner@globex.test', `/customer/${ACME}`)).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses staff at a customer that does not exist', async () => {
    expect(await get('staff@boon.test', '/customer/C-ZZZZZZZZ', 'C-ZZZZZZZZ')).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('answers 422 with a field error for a malformed customer id', async () => {
    const { status, body } = await get('owner@acme.test', '/customer/acme', ACME);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'validation_error', message: 'ValidationErrorResponse' });
    expect(body.fieldErrors).toEqual([{ path: 'params.customerId', message: expect.any(String) }]);
  });

  it('answers 401 without a token', async () => {
    expect(await get(undefined, `/customer/${ACME}`, ACME)).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('GET /customer/{customerId}/users', () => {
  it("lists the customer's members with their roles, sorted by name", async () => {
    const { status, body } = await get<CustomerUser[]>(
      'owner@acme.test',
      `/customer/${ACME}/users`,
      ACME,
    );
    expect(status).toBe(200);
    expect(customerUserListSchema.parse(body)).toEqual(body);
    const names = body.map((user) => `${user.firstName} ${user.lastName}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(body).toContainEqual({
      id: 'U-ACMEOWNER',
      firstName: 'Olivia',
      lastName: 'Hart',
      emailAddress: 'owner@acme.test',
      roles: ['owner'],
      emailVerified: true,
      blocked: false,
    });
    expect(body.find((user) => user.emailAddress === 'unverified@acme.test')).toMatchObject({
      roles: ['viewer'],
      emailVerified: false,
      blocked: false,
    });
    expect(body.find((user) => user.emailAddress === 'blocked@acme.test')).toMatchObject({
      roles: ['viewer'],
      blocked: true,
    });
    expect(body.find((user) => user.emailAddress === 'multi@acme.test')?.roles).toEqual(['admin']);
    // Only Acme's members: not Globex's owner, not staff.
    const emails = body.map((user) => user.emailAddress);
    expect(emails).not.toContain('owner@globex.test');
    expect(emails).not.toContain('staff@boon.test');
  });

  it("lists another customer's members to its own member", async () => {
    const { status, body } = await get<CustomerUser[]>(
      'owner@globex.test',
      `/customer/${GLOBEX}/users`,
      GLOBEX,
    );
    expect(status).toBe(200);
    expect(body.map((user) => user.emailAddress)).toEqual(['owner@globex.test', 'multi@acme.test']);
  });

  it('is open to a viewer (read:team_members)', async () => {
    expect((await get('viewer@acme.test', `/customer/${ACME}/users`, ACME)).status).toBe(200);
  });

  it('refuses a member without read:team_members', async () => {
    expect(await get('agent@acme.test', `/customer/${ACME}/users`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses a path naming another customer than x-customer-id (wrong tenant)', async () => {
    // The owner of Acme asks for Globex's members while acting for Acme.
    expect(await get('owner@acme.test', `/customer/${GLOBEX}/users`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    // multi@acme.test is an admin of both, and still must select the one it asks about.
    expect(await get('multi@acme.test', `/customer/${GLOBEX}/users`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses a non-member, with x-customer-id or without (the path names the customer)', async () => {
    expect(await get('owner@globex.test', `/customer/${ACME}/users`, ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get('owner@globex.test', `/customer/${ACME}/users`)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect((await get('owner@acme.test', `/customer/${ACME}/users`)).status).toBe(200);
  });

  it("lets staff read any customer's members, acting for it", async () => {
    const { status, body } = await get('staff@boon.test', `/customer/${ACME}/users`, ACME);
    expect(status).toBe(200);
    expect((body as unknown as { emailAddress: string }[]).map((u) => u.emailAddress)).toContain(
      'owner@acme.test',
    );
    // Still only for the customer they act for.
    expect(await get('staff@boon.test', `/customer/${ACME}/users`, 'C-GLOBEX01')).toMatchObject({
      status: 403,
    });
  });

  it('answers 422 for a malformed id and 401 without a token', async () => {
    expect((await get('owner@acme.test', '/customer/nope/users', ACME)).status).toBe(422);
    expect(await get(undefined, `/customer/${ACME}/users`, ACME)).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('GET /customers (staff)', () => {
  it('finds customers by part of the name, case-insensitively, sorted by name', async () => {
    const { status, body } = await get<Customer[]>('staff@boon.test', '/customers?search=CORP');
    expect(status).toBe(200);
    expect(customerListSchema.parse(body)).toEqual(body);
    expect(body.map((customer) => customer.customerId)).toEqual([GLOBEX]);
  });

  it('finds customers by part of the id', async () => {
    const { body } = await get<Customer[]>('staff@boon.test', '/customers?search=c-acme');
    expect(body.map((customer) => customer.customerId)).toEqual([ACME]);
  });

  it('lists every customer by name without search text, and none for text nothing has', async () => {
    const all = await get<Customer[]>('staff@boon.test', '/customers');
    expect(all.status).toBe(200);
    const names = all.body.map((customer) => customer.customerName);
    expect(names).toEqual(
      expect.arrayContaining([
        'Acme Rewards Ltd',
        'Boon Demo',
        'Globex Corporation',
        'Newco Trial Inc',
      ]),
    );
    expect(names).toEqual([...names].sort());
    expect((await get('staff@boon.test', '/customers?search=%25')).body).toEqual([]);
    expect((await get('staff@boon.test', '/customers?search=nothing-like-it')).body).toEqual([]);
  });

  it(`answers at most ${CUSTOMER_SEARCH_MAX}`, async () => {
    const featureFlags = {
      balances: { enabled: false, floats: [], cardFees: false },
      fx: false,
      breakage: false,
      discounts: false,
    };
    const many = Array.from({ length: CUSTOMER_SEARCH_MAX + 5 }, (_, i) => ({
      id: `C-MANY${String(i).padStart(4, '0')}`,
      name: `Many Search ${String(i).padStart(2, '0')}`,
      featureFlags,
    }));
    await server.db.insert(customers).values(many);
    try {
      const { body } = await get<Customer[]>('staff@boon.test', '/customers?search=many search');
      expect(body).toHaveLength(CUSTOMER_SEARCH_MAX);
      expect(body[0]?.customerName).toBe('Many Search 00');
    } finally {
      for (const { id } of many) await server.db.delete(customers).where(eq(customers.id, id));
    }
  });

  it('refuses anyone but staff, whatever their roles', async () => {
    expect(await get('owner@acme.test', '/customers?search=acme', ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get('owner@acme.test', '/customers?search=acme')).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses staff naming a customer that does not exist (wrong tenant)', async () => {
    expect(await get('staff@boon.test', '/customers', 'C-ZZZZZZZZ')).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('answers 422 for unknown or oversize query fields and 401 without a token', async () => {
    const unknown = await get('staff@boon.test', '/customers?name=acme');
    expect(unknown.status).toBe(422);
    expect(unknown.body.fieldErrors).toEqual([
      { path: 'querystring.name', message: 'Unrecognized field' },
    ]);
    expect((await get('staff@boon.test', `/customers?search=${'x'.repeat(201)}`)).status).toBe(422);
    expect(await get(undefined, '/customers')).toEqual({ status: 401, body: unauthorized });
  });
});

describe('GET /customer/exists', () => {
  it('finds the customer with the domain, case-insensitively', async () => {
    expect(await get('pending@initech.test', '/customer/exists?domain=acme.test')).toEqual({
      status: 200,
      body: { exists: true, customerName: 'Acme Rewards Ltd' },
    });
    expect((await get('owner@acme.test', '/customer/exists?domain=Globex.TEST')).body).toEqual({
      exists: true,
      customerName: 'Globex Corporation',
    });
  });

  it('answers 404 when no customer has the domain', async () => {
    expect(await get('pending@initech.test', '/customer/exists?domain=initech.test')).toEqual({
      status: 404,
      body: noCustomers,
    });
  });

  it("skips the provider's own domain, though the internal demo customer carries it", async () => {
    const [demo] = await server.db
      .select({ domain: customers.domain })
      .from(customers)
      .where(eq(customers.id, 'C-DEMO0001'));
    expect(demo?.domain).toBe('boon.test');
    for (const domain of ['boon.test', 'BOON.test', 'mail.boon.test']) {
      expect(await get('staff@boon.test', `/customer/exists?domain=${domain}`)).toEqual({
        status: 404,
        body: noCustomers,
      });
    }
  });

  it('answers 422 with a field error for a malformed or missing domain', async () => {
    for (const query of [
      'domain=not%20a%20domain',
      'domain=owner%40acme.test',
      'domain=acme',
      'domain=acme.t',
      'domain=',
      '',
    ]) {
      const { status, body } = await get('owner@acme.test', `/customer/exists?${query}`);
      expect(status, query).toBe(422);
      expect(body, query).toMatchObject({
        code: 'validation_error',
        message: 'ValidationErrorResponse',
        fieldErrors: [{ path: 'querystring.domain', message: expect.any(String) }],
      });
    }
  });

  it('refuses a wrong tenant in x-customer-id, and answers 401 without a token', async () => {
    expect(await get('owner@globex.test', '/customer/exists?domain=acme.test', ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get(undefined, '/customer/exists?domain=acme.test')).toEqual({
      status: 401,
      body: unauthorized,
    });
  });

  it('needs no permission: a service agent may ask', async () => {
    expect((await get('agent@acme.test', '/customer/exists?domain=acme.test', ACME)).status).toBe(
      200,
    );
  });
});

describe('GET /onboarding-state', () => {
  it("gives the signed-in user's pending customer", async () => {
    expect(await get('pending@initech.test', '/onboarding-state')).toEqual({
      status: 200,
      body: {
        pendingCustomerId: 'P-INITECH1',
        companyName: 'Initech',
        approvalStatus: 'PENDING',
        onboardingTaskState: 'COMPLETE',
      },
    });
  });

  it('follows the pending customer as it changes', async () => {
    await server.db
      .update(pendingCustomers)
      .set({ approvalStatus: 'DECLINED' })
      .where(eq(pendingCustomers.id, 'P-INITECH1'));
    try {
      expect((await get('pending@initech.test', '/onboarding-state')).body).toMatchObject({
        approvalStatus: 'DECLINED',
      });
    } finally {
      await server.db
        .update(pendingCustomers)
        .set({ approvalStatus: 'PENDING' })
        .where(eq(pendingCustomers.id, 'P-INITECH1'));
    }
  });

  it('answers 404 when the user has none (someone else’s does not count)', async () => {
    for (const email of ['owner@acme.test', 'staff@boon.test']) {
      expect(await get(email, '/onboarding-state')).toEqual({
        status: 404,
        body: { status: 404, code: 'not_found', message: 'Not Found' },
      });
    }
  });

  it('refuses a wrong tenant in x-customer-id, and answers 401 without a token', async () => {
    expect(await get('pending@initech.test', '/onboarding-state', ACME)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await get(undefined, '/onboarding-state')).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('the OpenAPI description', () => {
  it('documents each path with its answers (the whole description, as staff read it)', async () => {
    const described = await fetch(`${server.baseUrl}/api/docs/staff/json`, {
      headers: { authorization: `Bearer ${await tokenFor('staff@boon.test')}` },
    });
    const openApi = (await described.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of [
      '/customer/{customerId}',
      '/customer/{customerId}/users',
      '/customers',
      '/customer/exists',
      '/onboarding-state',
    ]) {
      const operation = openApi.paths[`/api/customer-management${path}`]?.get;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '401', '403', '404']),
      );
    }
  });
});
