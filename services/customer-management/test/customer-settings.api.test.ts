import { createHmac } from 'node:crypto';
import {
  customerOrderLimitsSchema,
  customerSchema,
  customerSegmentSchema,
  signedShopUrlSchema,
  type Customer,
  type CustomerOrderLimits,
  type CustomerSegment,
  type Role,
  type SignedShopUrl,
} from '@boon/contracts';
import {
  appSecrets,
  asc,
  customerOrderLimits,
  customers,
  eq,
  memberships,
  pendingCustomers,
} from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditCount,
  auditRows,
  createUser,
  customerManagementClient,
  forbidden,
  GLOBEX,
  NEWCO,
  startServer,
  unauthorized,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * A customer's settings (spec 7): PUT /customer (segment update), GET and POST
 * /customer/{customerId}/limits, POST /customer/{customerId}/enable-balances and POST
 * /customer/{customerId}/get-signed-shop-url, for success, each documented error, a wrong tenant,
 * a missing permission and malformed input.
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;

const STAFF = 'staff@boon.test';
const NEWCO_PENDING = 'P-NEWCOSEG1';
const noCustomers = { status: 404, code: 'no_customers_found', message: 'No customers found' };

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server);
  // Newco signed up through onboarding: its segmentation is on the pending customer behind it.
  await server.db.insert(pendingCustomers).values({
    id: NEWCO_PENDING,
    companyName: 'Newco Trial Inc',
    domain: 'newco.test',
    requestedByUserId: 'U-NEWCOTRIAL',
    approvalStatus: 'PENDING',
    onboardingTaskState: 'COMPLETE',
    country: 'US',
    companySize: 'under-50',
    website: 'newco.test',
    rewardNeed: 'today',
    useCases: ['payouts'],
    customerId: NEWCO,
  });
});
afterAll(() => server?.close());

/** The 422 answer with field errors at exactly these paths (messages vary by rule). */
function expectFieldErrors(
  answer: { status: number; body: unknown },
  paths: string[],
  label: string,
) {
  expect(answer, label).toMatchObject({
    status: 422,
    body: { code: 'validation_error', message: 'ValidationErrorResponse' },
  });
  const fieldErrors = ((answer.body as { fieldErrors?: { path: string }[] }).fieldErrors ?? []) as {
    path: string;
  }[];
  expect(new Set(fieldErrors.map((error) => error.path)), label).toEqual(new Set(paths));
}

async function customerRow(id: string) {
  const [row] = await server.db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw new Error(`no customer ${id}`);
  return row;
}

/** The stored limits: whole minor units per currency. */
async function storedLimits(customerId: string) {
  return server.db
    .select({ currency: customerOrderLimits.currency, minor: customerOrderLimits.maxOrderMinor })
    .from(customerOrderLimits)
    .where(eq(customerOrderLimits.customerId, customerId))
    .orderBy(asc(customerOrderLimits.currency));
}

async function segmentRow() {
  const [row] = await server.db
    .select()
    .from(pendingCustomers)
    .where(eq(pendingCustomers.id, NEWCO_PENDING));
  if (!row) throw new Error('no pending customer');
  return row;
}

describe('PUT /customer', () => {
  const update = (
    body: unknown,
    options: CallOptions = { email: 'trial@newco.test', customerId: NEWCO },
  ) =>
    client.call<CustomerSegment & Record<string, unknown>>('PUT', '/customer', {
      ...options,
      body,
    });

  it("updates the selected customer's segmentation and answers it; audited with from and to", async () => {
    const { status, body } = await update({ companySize: '51-200' });
    expect(status).toBe(200);
    expect(customerSegmentSchema.parse(body)).toEqual(body);
    expect(body).toEqual({ companySize: '51-200', rewardNeed: 'today', useCases: ['payouts'] });
    expect(await segmentRow()).toMatchObject({ companySize: '51-200', rewardNeed: 'today' });
    const [audit] = await auditRows(server.db, 'customer.segment.update', NEWCO);
    expect(audit).toMatchObject({
      actorUserId: 'U-NEWCOTRIAL',
      customerId: NEWCO,
      details: {
        pendingCustomerId: NEWCO_PENDING,
        changes: { companySize: { from: 'under-50', to: '51-200' } },
      },
    });

    expect(
      await update({
        companySize: 'over-1000',
        rewardNeed: 'within-30-days',
        useCases: ['employee-rewards', 'other'],
      }),
    ).toEqual({
      status: 200,
      body: {
        companySize: 'over-1000',
        rewardNeed: 'within-30-days',
        useCases: ['employee-rewards', 'other'],
      },
    });
    expect((await update({ useCases: [] })).body).toMatchObject({ useCases: [] });
  });

  it('is for the owner and admins only: other roles are refused with 403, changing nothing', async () => {
    const member = async (email: string, role: Role) => {
      const user = await createUser(server.db, email);
      await server.db
        .insert(memberships)
        .values({ userId: user.id, customerId: NEWCO, roles: [role] });
      return { email, customerId: NEWCO };
    };
    const before = await segmentRow();
    const audits = await auditCount(server.db);
    for (const role of ['viewer', 'service_agent', 'service_manager', 'finance_manager'] as const) {
      const who = await member(`${role.replace('_', '-')}@newco.test`, role);
      expect(await update({ rewardNeed: 'unknown' }, who), role).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect(await segmentRow()).toEqual(before);
    expect(await auditCount(server.db)).toBe(audits);

    const admin = await member('admin@newco.test', 'admin');
    const answer = await update({ rewardNeed: 'unknown' }, admin);
    expect(answer.status).toBe(200);
    expect(answer.body.rewardNeed).toBe('unknown');
  });

  it('answers 404 "No customers found" for a customer without a sign-up behind it', async () => {
    for (const email of ['owner@acme.test', 'admin@acme.test']) {
      expect(await update({ companySize: '51-200' }, { email, customerId: ACME }), email).toEqual({
        status: 404,
        body: noCustomers,
      });
    }
  });

  it('refuses malformed bodies with field errors, changing nothing', async () => {
    const before = await segmentRow();
    const audits = await auditCount(server.db);
    for (const [body, paths] of [
      [{}, ['body']],
      [{ companySize: 'huge' }, ['body.companySize']],
      [{ companySize: 50 }, ['body.companySize']],
      [{ rewardNeed: 'yesterday' }, ['body.rewardNeed']],
      [{ useCases: 'payouts' }, ['body.useCases']],
      [{ useCases: ['payouts', 'payouts'] }, ['body.useCases']],
      [{ useCases: ['x'.repeat(10_000)] }, ['body.useCases.0']],
      [{ companyName: 'Renamed', companySize: '51-200' }, ['body.companyName']],
      [null, ['body']],
    ] as const) {
      expectFieldErrors(await update(body), [...paths], JSON.stringify(body).slice(0, 80));
    }
    expect(await segmentRow()).toEqual(before);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('needs a customer the user belongs to in x-customer-id', async () => {
    expect(await update({ companySize: '51-200' }, { email: 'trial@newco.test' })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(
      await update({ companySize: '51-200' }, { email: 'owner@acme.test', customerId: NEWCO }),
    ).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await update({ companySize: '51-200' }, { customerId: NEWCO })).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('GET and POST /customer/{customerId}/limits', () => {
  const read = (customerId: string, options: CallOptions) =>
    client.call<CustomerOrderLimits & Record<string, unknown>>(
      'GET',
      `/customer/${customerId}/limits`,
      options,
    );
  const write = (customerId: string, body: unknown, options: CallOptions = { email: STAFF }) =>
    client.call<CustomerOrderLimits & Record<string, unknown>>(
      'POST',
      `/customer/${customerId}/limits`,
      { ...options, body },
    );
  const limits = [
    { currency: 'USD', maxOrderValue: '5000.00' },
    { currency: 'EUR', maxOrderValue: '250' },
  ];
  // As answered: by currency, with exactly each currency's decimals.
  const answered = [
    { currency: 'EUR', maxOrderValue: '250.00' },
    { currency: 'USD', maxOrderValue: '5000.00' },
  ];

  it('lets staff set the limits and any member read them; audited with from and to', async () => {
    expect(await read(ACME, { email: 'agent@acme.test', customerId: ACME })).toEqual({
      status: 200,
      body: { orderLimits: null },
    });

    const { status, body } = await write(ACME, { orderLimits: limits });
    expect(status).toBe(200);
    expect(customerOrderLimitsSchema.parse(body)).toEqual(body);
    expect(body).toEqual({ orderLimits: answered });
    expect(await storedLimits(ACME)).toEqual([
      { currency: 'EUR', minor: 25000n },
      { currency: 'USD', minor: 500000n },
    ]);
    const [audit] = await auditRows(server.db, 'customer.limits.update', ACME);
    expect(audit).toMatchObject({
      actorUserId: 'U-BOONSTAFF',
      customerId: ACME,
      details: { orderLimits: { from: null, to: answered } },
    });

    for (const email of ['viewer@acme.test', 'owner@acme.test', STAFF]) {
      expect(await read(ACME, { email, customerId: ACME }), email).toEqual({
        status: 200,
        body: { orderLimits: answered },
      });
    }
    // The customer itself carries them too.
    const customer = await client.call<Customer>('GET', `/customer/${ACME}`, {
      email: 'owner@acme.test',
      customerId: ACME,
    });
    expect(customer.body.orderLimits).toEqual(answered);

    // Staff selecting the customer as well; then no limits at all.
    expect(await write(ACME, { orderLimits: null }, { email: STAFF, customerId: ACME })).toEqual({
      status: 200,
      body: { orderLimits: null },
    });
    expect(await storedLimits(ACME)).toEqual([]);
    const audits = await auditRows(server.db, 'customer.limits.update', ACME);
    expect(audits.at(-1)?.details).toEqual({ orderLimits: { from: answered, to: null } });
  });

  it("keeps each currency's own decimals: none for JPY, three for BHD and KWD", async () => {
    const given = [
      { currency: 'JPY', maxOrderValue: '1500000' },
      { currency: 'BHD', maxOrderValue: '1.25' },
      { currency: 'KWD', maxOrderValue: '0.001' },
      { currency: 'USD', maxOrderValue: '100.5' },
    ];
    const answered = [
      { currency: 'BHD', maxOrderValue: '1.250' },
      { currency: 'JPY', maxOrderValue: '1500000' },
      { currency: 'KWD', maxOrderValue: '0.001' },
      { currency: 'USD', maxOrderValue: '100.50' },
    ];
    expect(await write(GLOBEX, { orderLimits: given })).toEqual({
      status: 200,
      body: { orderLimits: answered },
    });
    expect(await storedLimits(GLOBEX)).toEqual([
      { currency: 'BHD', minor: 1250n },
      { currency: 'JPY', minor: 1500000n },
      { currency: 'KWD', minor: 1n },
      { currency: 'USD', minor: 10050n },
    ]);
    expect(await read(GLOBEX, { email: 'owner@globex.test', customerId: GLOBEX })).toEqual({
      status: 200,
      body: { orderLimits: answered },
    });

    // The largest a limit may be, exactly: no float in the way.
    const largest = [{ currency: 'OMR', maxOrderValue: '999999999999.999' }];
    expect(await write(GLOBEX, { orderLimits: largest })).toEqual({
      status: 200,
      body: { orderLimits: largest },
    });
    expect(await storedLimits(GLOBEX)).toEqual([{ currency: 'OMR', minor: 999999999999999n }]);

    // A value its currency can't hold is refused with the currency's own rule.
    const refused = await write(GLOBEX, {
      orderLimits: [
        { currency: 'USD', maxOrderValue: '100.123' },
        { currency: 'JPY', maxOrderValue: '100.5' },
        { currency: 'XYZ', maxOrderValue: '1' },
      ],
    });
    expect(refused).toMatchObject({ status: 422, body: { code: 'validation_error' } });
    expect((refused.body as { fieldErrors?: unknown }).fieldErrors).toEqual([
      { path: 'body.orderLimits.0.maxOrderValue', message: 'USD amounts have at most 2 decimals.' },
      { path: 'body.orderLimits.1.maxOrderValue', message: 'JPY amounts are whole numbers.' },
      { path: 'body.orderLimits.2.currency', message: 'XYZ is not a currency we know.' },
    ]);
    expect(await storedLimits(GLOBEX)).toEqual([{ currency: 'OMR', minor: 999999999999999n }]);

    expect(await write(GLOBEX, { orderLimits: [] })).toEqual({
      status: 200,
      body: { orderLimits: null },
    });
    expect(await storedLimits(GLOBEX)).toEqual([]);
  });

  it('refuses staff a customer that does not exist, as one they may not act for', async () => {
    expect(await write('C-ZZZZZZZZ', { orderLimits: null })).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('lets only staff set limits', async () => {
    for (const email of ['owner@acme.test', 'admin@acme.test', 'finance@acme.test']) {
      expect(
        await write(ACME, { orderLimits: limits }, { email, customerId: ACME }),
        email,
      ).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect(await storedLimits(ACME)).toEqual([]);
  });

  it('refuses a path customer other than x-customer-id (wrong tenant), and no token', async () => {
    expect(await read(GLOBEX, { email: 'multi@acme.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await read(ACME, { email: 'owner@globex.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    // The path names the customer: without x-customer-id, a member of it may read.
    expect((await read(ACME, { email: 'owner@acme.test' })).status).toBe(200);
    expect(await read(ACME, { customerId: ACME })).toEqual({ status: 401, body: unauthorized });
    expect(
      await write(ACME, { orderLimits: limits }, { email: STAFF, customerId: GLOBEX }),
    ).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await write(ACME, { orderLimits: limits }, {})).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await storedLimits(ACME)).toEqual([]);
  });

  it('refuses malformed limits with field errors, changing nothing', async () => {
    const audits = await auditCount(server.db);
    const many = Array.from({ length: 51 }, (_, i) => ({
      currency: `A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      maxOrderValue: '1',
    }));
    for (const [body, paths] of [
      [{}, ['body.orderLimits']],
      [{ orderLimits: [{ currency: 'usd', maxOrderValue: '5' }] }, ['body.orderLimits.0.currency']],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '0' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: 5 }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '1.234' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '100.123' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'JPY', maxOrderValue: '100.5' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'BHD', maxOrderValue: '1.2345' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '0.000' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '1e3' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: ' 100' }] },
        ['body.orderLimits.0.maxOrderValue'],
      ],
      [
        { orderLimits: [{ currency: 'XYZ', maxOrderValue: '100' }] },
        ['body.orderLimits.0.currency'],
      ],
      [
        {
          orderLimits: [
            { currency: 'USD', maxOrderValue: '1' },
            { currency: 'KRW', maxOrderValue: '1.5' },
            { currency: 'KWD', maxOrderValue: '1.005' },
            { currency: 'ABC', maxOrderValue: '1.5' },
          ],
        },
        ['body.orderLimits.1.maxOrderValue', 'body.orderLimits.3.currency'],
      ],
      [
        { orderLimits: [{ currency: 'USD', maxOrderValue: '1', note: 'x' }] },
        ['body.orderLimits.0.note'],
      ],
      [
        {
          orderLimits: [
            { currency: 'USD', maxOrderValue: '1' },
            { currency: 'USD', maxOrderValue: '2' },
          ],
        },
        ['body.orderLimits'],
      ],
      [{ orderLimits: many }, ['body.orderLimits']],
      [{ orderLimits: null, extra: true }, ['body.extra']],
      [{ orderLimits: 'none' }, ['body.orderLimits']],
    ] as const) {
      expectFieldErrors(await write(ACME, body), [...paths], JSON.stringify(body).slice(0, 80));
    }
    expectFieldErrors(
      await read('acme', { email: 'owner@acme.test', customerId: ACME }),
      ['params.customerId'],
      'id',
    );
    expect(await storedLimits(ACME)).toEqual([]);
    expect(await auditCount(server.db)).toBe(audits);
  });
});

describe('POST /customer/{customerId}/enable-balances', () => {
  const enable = (customerId: string, body: unknown, options: CallOptions = { email: STAFF }) =>
    client.call<Customer & Record<string, unknown>>(
      'POST',
      `/customer/${customerId}/enable-balances`,
      { ...options, body },
    );

  it('turns balances on with the floats and card fees, idempotently; audited', async () => {
    const before = await customerRow(NEWCO);
    expect(before.featureFlags.balances.enabled).toBe(false);
    const body = { currencies: ['USD', 'GBP'], cardFees: true };
    const first = await enable(NEWCO, body);
    expect(first.status).toBe(200);
    expect(customerSchema.parse(first.body)).toEqual(first.body);
    expect(first.body.customerFeatureFlags).toEqual({
      ...before.featureFlags,
      balances: { enabled: true, floats: ['USD', 'GBP'], cardFees: true },
    });
    expect((await customerRow(NEWCO)).featureFlags.balances).toEqual({
      enabled: true,
      floats: ['USD', 'GBP'],
      cardFees: true,
    });

    const again = await enable(NEWCO, body, { email: STAFF, customerId: NEWCO });
    expect(again).toEqual({ status: 200, body: first.body });

    const audits = await auditRows(server.db, 'customer.balances.enable', NEWCO);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorUserId: 'U-BOONSTAFF',
      customerId: NEWCO,
      details: {
        balances: {
          from: before.featureFlags.balances,
          to: { enabled: true, floats: ['USD', 'GBP'], cardFees: true },
        },
      },
    });
  });

  it('replaces the floats of a customer that has balances already', async () => {
    const { status, body } = await enable(GLOBEX, { currencies: ['EUR'], cardFees: false });
    expect(status).toBe(200);
    expect(body.customerFeatureFlags.balances).toEqual({
      enabled: true,
      floats: ['EUR'],
      cardFees: false,
    });
    expect(body.customerFeatureFlags.fx).toBe(false);
  });

  it('refuses a customer that does not exist, as one staff may not act for', async () => {
    expect(await enable('C-ZZZZZZZZ', { currencies: ['USD'], cardFees: false })).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('lets only staff, acting for no other customer, turn balances on', async () => {
    const before = await customerRow(ACME);
    const body = { currencies: ['JPY'], cardFees: false };
    for (const email of ['owner@acme.test', 'admin@acme.test']) {
      expect(await enable(ACME, body, { email, customerId: ACME }), email).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect(await enable(ACME, body, { email: STAFF, customerId: GLOBEX })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await enable(ACME, body, {})).toEqual({ status: 401, body: unauthorized });
    expect((await customerRow(ACME)).featureFlags).toEqual(before.featureFlags);
  });

  it('refuses malformed bodies with field errors, changing nothing', async () => {
    const before = await customerRow(ACME);
    const audits = await auditCount(server.db);
    for (const [body, paths] of [
      [{ currencies: [], cardFees: false }, ['body.currencies']],
      [{ currencies: ['usd'], cardFees: false }, ['body.currencies.0']],
      [{ currencies: ['USD', 'USD'], cardFees: false }, ['body.currencies']],
      [{ currencies: 'USD', cardFees: false }, ['body.currencies']],
      [{ currencies: ['USD'], cardFees: 'yes' }, ['body.cardFees']],
      [{ currencies: ['USD'] }, ['body.cardFees']],
      [{ currencies: ['USD'], cardFees: false, fx: true }, ['body.fx']],
    ] as const) {
      expectFieldErrors(await enable(ACME, body), [...paths], JSON.stringify(body));
    }
    expect((await customerRow(ACME)).featureFlags).toEqual(before.featureFlags);
    expect(await auditCount(server.db)).toBe(audits);
  });
});

describe('POST /customer/{customerId}/get-signed-shop-url', () => {
  const shopUrl = (customerId: string, options: CallOptions) =>
    client.call<SignedShopUrl & Record<string, unknown>>(
      'POST',
      `/customer/${customerId}/get-signed-shop-url`,
      options,
    );

  async function signingKey(): Promise<Buffer> {
    const rows = await server.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, 'shop-url-signing-key'));
    expect(rows).toHaveLength(1);
    const key = (rows[0]?.value as { key?: string }).key;
    if (!key) throw new Error('no shop URL signing key');
    return Buffer.from(key, 'base64url');
  }

  it('answers a shop URL signed over the customer, the user and expiry, valid 10 minutes', async () => {
    const before = Date.now();
    const { status, body } = await shopUrl(GLOBEX, {
      email: 'owner@globex.test',
      customerId: GLOBEX,
    });
    expect(status).toBe(200);
    expect(signedShopUrlSchema.parse(body)).toEqual(body);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/shop`);
    expect(url.searchParams.get('customer_id')).toBe(GLOBEX);
    expect(url.searchParams.get('user_id')).toBe('U-GLOBEXOWNER');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000).toBe(Date.parse(body.expiresAt));
    expect(expires * 1000).toBeGreaterThanOrEqual(before + 10 * 60 * 1000 - 1000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 10 * 60 * 1000);

    const key = await signingKey();
    const expected = createHmac('sha256', key)
      .update(`${GLOBEX}.U-GLOBEXOWNER.${expires}`)
      .digest('base64url');
    expect(url.searchParams.get('signature')).toBe(expected);

    // One key, kept: a second URL is signed with it too.
    const second = new URL(
      (await shopUrl(ACME, { email: 'viewer@acme.test', customerId: ACME })).body.url,
    );
    expect(second.searchParams.get('user_id')).toBe('U-ACMEVIEWER');
    const secondExpires = second.searchParams.get('expires') ?? '';
    expect(second.searchParams.get('signature')).toBe(
      createHmac('sha256', await signingKey())
        .update(`${ACME}.U-ACMEVIEWER.${secondExpires}`)
        .digest('base64url'),
    );
  });

  it('needs read:products at the customer: staff, who hold no role there, are refused', async () => {
    expect(await shopUrl(ACME, { email: STAFF, customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
  });

  it('refuses a path customer other than x-customer-id (wrong tenant), and no token', async () => {
    expect(await shopUrl(GLOBEX, { email: 'multi@acme.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await shopUrl(ACME, { email: 'owner@globex.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    // The path names the customer: without x-customer-id, a member of it may ask.
    expect((await shopUrl(ACME, { email: 'owner@acme.test' })).status).toBe(200);
    expect(await shopUrl(ACME, { customerId: ACME })).toEqual({ status: 401, body: unauthorized });
  });

  it('answers 422 for a malformed customer id', async () => {
    expectFieldErrors(
      await shopUrl('acme', { email: 'owner@acme.test', customerId: ACME }),
      ['params.customerId'],
      'id',
    );
  });
});
