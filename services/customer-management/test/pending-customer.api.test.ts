import type { Customer, PendingCustomer, PendingCustomerPage } from '@boon/contracts';
import { DEMO_PASSWORD } from '@boon/customer-management';
import {
  asc,
  auditLog,
  customerOrderLimits,
  customers,
  desc,
  eq,
  memberships,
  pendingCustomers,
  sql,
} from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '@boon/server/testing';

let server: TestServer;
const tokens = new Map<string, string>();

const STAFF = 'staff@boon.test';
const OWNER = 'owner@acme.test';
const PENDING_USER = 'pending@initech.test';
const PENDING_USER_ID = 'U-INITECHPENDING';

async function tokenFor(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = (await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD })).accessToken;
    tokens.set(email, token);
  }
  return token;
}

/** A call to the customer management service as `email` (or anonymously). */
async function call<Body = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  options: { email?: string | undefined; body?: unknown; customerId?: string } = {},
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    method,
    headers: {
      ...(options.email ? { authorization: `Bearer ${await tokenFor(options.email)}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.customerId ? { 'x-customer-id': options.customerId } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const list = (query: string, email: string | null = STAFF) =>
  call<PendingCustomerPage & Record<string, unknown>>('GET', `/pending-customer${query}`, {
    email: email ?? undefined,
  });
const approve = (body: unknown, email: string | null = STAFF) =>
  call<Customer & Record<string, unknown>>('POST', '/pending-customer/approve', {
    email: email ?? undefined,
    body,
  });
const decline = (body: unknown, email: string | null = STAFF) =>
  call<PendingCustomer & Record<string, unknown>>('POST', '/pending-customer/decline', {
    email: email ?? undefined,
    body,
  });

const settings = {
  balancesEnabled: true,
  fxEnabled: true,
  currencies: ['USD', 'EUR'],
  // A limit in a 2-, a 0- and a 3-decimal currency.
  orderLimits: [
    { currency: 'USD', maxOrderValue: '5000.5' },
    { currency: 'JPY', maxOrderValue: '20000' },
    { currency: 'BHD', maxOrderValue: '1.5' },
  ],
  discountMultiplier: '0.95',
};

const forbidden = { status: 403, code: 'forbidden', message: 'Forbidden' };
const unauthorized = { status: 401, code: 'unauthorized', message: 'Unauthorized' };
const notFound = { status: 404, code: 'not_found', message: 'Not Found' };

/** Extra pending customers for paging and filters, all requested by the pending demo user. */
const extra = [
  { id: 'P-PAGE0001', companyName: 'Paging Alpha', approvalStatus: 'NEW' as const },
  {
    id: 'P-PAGE0002',
    companyName: 'paging bravo',
    approvalStatus: 'PENDING' as const,
    country: 'JP',
    companySize: 'tiny',
    website: 'bravo.test',
    rewardNeed: 'today',
    useCases: ['retired-option', 'payouts'],
  },
  { id: 'P-PAGE0003', companyName: 'Paging Charlie', approvalStatus: 'DECLINED' as const },
  { id: 'P-PAGE0004', companyName: 'PAGING Delta', approvalStatus: 'PENDING' as const },
  { id: 'P-PAGE0005', companyName: 'Paging Echo', approvalStatus: 'APPROVED' as const },
  // Same name as the next one: the id orders them.
  { id: 'P-PAGE0007', companyName: 'Paging Foxtrot', approvalStatus: 'NEW' as const },
  { id: 'P-PAGE0006', companyName: 'Paging Foxtrot', approvalStatus: 'NEW' as const },
  { id: 'P-DECLINE1', companyName: 'Umbrella Corp', approvalStatus: 'NEW' as const },
];

/** Requests whose set-up job has not completed: staff may not decide on them yet. */
const notReady = [
  { id: 'P-STARTED1', companyName: 'Vandelay Industries', onboardingTaskState: 'STARTED' as const },
  { id: 'P-ERRORED1', companyName: 'Kramerica Industries', onboardingTaskState: 'ERROR' as const },
];

beforeAll(async () => {
  server = await startTestServer();
  await server.db.insert(pendingCustomers).values(
    extra.map((p) => ({
      ...p,
      domain: `${p.id.toLowerCase()}.test`,
      requestedByUserId: PENDING_USER_ID,
      onboardingTaskState: 'COMPLETE' as const,
    })),
  );
  await server.db.insert(pendingCustomers).values(
    notReady.map((p) => ({
      ...p,
      domain: `${p.id.toLowerCase()}.test`,
      requestedByUserId: PENDING_USER_ID,
      approvalStatus: 'NEW' as const,
    })),
  );
});
afterAll(() => server?.close());

/** Every page of a listing, following nextCursor. */
async function walk(query: string): Promise<PendingCustomer[][]> {
  const pages: PendingCustomer[][] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const { status, body } = await list(`${query}${suffix}`);
    expect(status).toBe(200);
    pages.push(body.items);
    cursor = body.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /pending-customer', () => {
  it('lists pending customers by name for staff, with the requester', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    const initech = body.items.find((p) => p.pendingCustomerId === 'P-INITECH1');
    expect(initech).toEqual({
      pendingCustomerId: 'P-INITECH1',
      companyName: 'Initech',
      domain: 'initech.test',
      requestedBy: { userId: PENDING_USER_ID, emailAddress: PENDING_USER },
      approvalStatus: 'PENDING',
      onboardingTaskState: 'COMPLETE',
      application: {
        country: 'US',
        companySize: '51-200',
        website: 'https://initech.test',
        rewardNeed: 'within-30-days',
        useCases: ['employee-rewards', 'sales-incentives'],
      },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    // A request stored before the questions were asked, or with an answer no longer offered.
    const alpha = body.items.find((p) => p.pendingCustomerId === 'P-PAGE0001');
    expect(alpha?.application).toEqual({
      country: null,
      companySize: null,
      website: null,
      rewardNeed: null,
      useCases: [],
    });
    const bravo = body.items.find((p) => p.pendingCustomerId === 'P-PAGE0002');
    expect(bravo?.application).toEqual({
      country: 'JP',
      companySize: null,
      website: 'bravo.test',
      rewardNeed: 'today',
      useCases: ['payouts'],
    });
    expect(body.items).toHaveLength(extra.length + notReady.length + 1);
  });

  it('pages with an opaque cursor, ordered by name then id, prefix case-insensitive', async () => {
    const pages = await walk('?customer_name_begins_with=pAgInG&limit=3');
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((p) => p.pendingCustomerId)).toEqual([
      'P-PAGE0001',
      'P-PAGE0002',
      'P-PAGE0003',
      'P-PAGE0004',
      'P-PAGE0005',
      'P-PAGE0006',
      'P-PAGE0007',
    ]);
  });

  it('filters by status, together with the prefix and paging', async () => {
    const pending = await walk('?status=PENDING&limit=1');
    expect(pending.flat().map((p) => p.pendingCustomerId)).toEqual([
      'P-INITECH1',
      'P-PAGE0002',
      'P-PAGE0004',
    ]);
    expect(pending.map((page) => page.length)).toEqual([1, 1, 1]);
    const { body } = await list('?status=NEW&customer_name_begins_with=paging%20f');
    expect(body.items.map((p) => p.pendingCustomerId)).toEqual(['P-PAGE0006', 'P-PAGE0007']);
    expect(body.nextCursor).toBeNull();
  });

  it('answers an empty page when nothing matches', async () => {
    const { status, body } = await list('?customer_name_begins_with=zzz');
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], nextCursor: null });
  });

  it('defaults to 25 per page', async () => {
    await server.db.insert(pendingCustomers).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `P-BULK${String(i).padStart(4, '0')}`,
        companyName: `Bulk ${String(i).padStart(2, '0')}`,
        requestedByUserId: PENDING_USER_ID,
      })),
    );
    try {
      const { body } = await list('?customer_name_begins_with=bulk');
      expect(body.items).toHaveLength(25);
      expect(body.nextCursor).toEqual(expect.any(String));
      const next = await list(
        `?customer_name_begins_with=bulk&cursor=${encodeURIComponent(body.nextCursor ?? '')}`,
      );
      expect(next.body.items.map((p) => p.companyName)).toEqual([
        'Bulk 25',
        'Bulk 26',
        'Bulk 27',
        'Bulk 28',
        'Bulk 29',
      ]);
      expect(next.body.nextCursor).toBeNull();
    } finally {
      for (let i = 0; i < 30; i += 1) {
        await server.db
          .delete(pendingCustomers)
          .where(eq(pendingCustomers.id, `P-BULK${String(i).padStart(4, '0')}`));
      }
    }
  });

  it.each([
    ['?status=DONE', 'querystring.status'],
    ['?limit=0', 'querystring.limit'],
    ['?limit=101', 'querystring.limit'],
    ['?limit=abc', 'querystring.limit'],
    ['?limit=2.5', 'querystring.limit'],
    ['?customer_name_begins_with=', 'querystring.customer_name_begins_with'],
    ['?colour=red', 'querystring.colour'],
  ])('refuses %s with a 422 naming %s', async (query, path) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect(body).toMatchObject({
      status: 422,
      code: 'validation_error',
      message: 'ValidationErrorResponse',
    });
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path })]) as unknown,
    );
  });

  it.each([
    ['not base64url', 'not-a-cursor!'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['the wrong shape', Buffer.from(JSON.stringify({ a: 1 })).toString('base64url')],
  ])('refuses a cursor that is %s with a 422', async (_label, cursor) => {
    const { status, body } = await list(`?cursor=${encodeURIComponent(cursor)}`);
    expect(status).toBe(422);
    expect(body).toEqual({
      status: 422,
      code: 'validation_error',
      message: 'ValidationErrorResponse',
      fieldErrors: [{ path: 'querystring.cursor', message: 'Invalid cursor' }],
    });
  });

  it('is for staff only', async () => {
    expect(await list('', OWNER)).toEqual({ status: 403, body: forbidden });
    expect(await list('', PENDING_USER)).toEqual({ status: 403, body: forbidden });
    expect(await list('', null)).toEqual({ status: 401, body: unauthorized });
  });
});

describe('POST /pending-customer/decline', () => {
  it('declines a NEW pending customer, audited, and answers it', async () => {
    const { status, body } = await decline({ pendingCustomerId: 'P-DECLINE1', reason: 'Spam' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      pendingCustomerId: 'P-DECLINE1',
      companyName: 'Umbrella Corp',
      approvalStatus: 'DECLINED',
      requestedBy: { userId: PENDING_USER_ID, emailAddress: PENDING_USER },
    });
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, 'P-DECLINE1'));
    expect(row?.approvalStatus).toBe('DECLINED');
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'pending_customer.decline'))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      actorUserId: 'U-BOONSTAFF',
      target: 'P-DECLINE1',
      details: { approvalStatus: { from: 'NEW', to: 'DECLINED' }, reason: 'Spam' },
    });
  });

  it('refuses one already declined or approved with a 409 saying so', async () => {
    expect(await decline({ pendingCustomerId: 'P-DECLINE1' })).toEqual({
      status: 409,
      body: {
        status: 409,
        code: 'pending_customer_already_declined',
        message: 'Pending customer is already DECLINED',
      },
    });
    const { status, body } = await decline({ pendingCustomerId: 'P-PAGE0005' });
    expect(status).toBe(409);
    expect(body.code).toBe('pending_customer_already_approved');
    expect(body.message).toBe('Pending customer is already APPROVED');
  });

  it('answers 404 for an unknown id', async () => {
    expect(await decline({ pendingCustomerId: 'P-NOPE0000' })).toEqual({
      status: 404,
      body: notFound,
    });
  });

  it.each([
    [{}, 'body.pendingCustomerId'],
    [{ pendingCustomerId: 42 }, 'body.pendingCustomerId'],
    [{ pendingCustomerId: 'P-PAGE0001', reason: 'x'.repeat(1001) }, 'body.reason'],
    [{ pendingCustomerId: 'P-PAGE0001', extra: true }, 'body.extra'],
  ])('refuses a malformed body %j with a 422 naming %s, changing nothing', async (input, path) => {
    const { status, body } = await decline(input);
    expect(status).toBe(422);
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path })]) as unknown,
    );
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, 'P-PAGE0001'));
    expect(row?.approvalStatus).toBe('NEW');
  });

  it('is for staff only', async () => {
    expect(await decline({ pendingCustomerId: 'P-PAGE0001' }, OWNER)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await decline({ pendingCustomerId: 'P-PAGE0001' }, null)).toEqual({
      status: 401,
      body: unauthorized,
    });
  });
});

describe('deciding before the set-up job completed', () => {
  const notReadyAnswer = {
    status: 409,
    body: {
      status: 409,
      code: 'pending_customer_not_ready',
      message: 'Pending customer is still being set up',
    },
  };

  it.each(notReady)(
    'refuses to approve or decline $companyName ($onboardingTaskState) with 409, changing nothing',
    async ({ id, onboardingTaskState }) => {
      const customersBefore = await server.db.select().from(customers);
      const auditsBefore = await server.db.select().from(auditLog);
      expect(await approve({ pendingCustomerId: id, settings })).toEqual(notReadyAnswer);
      if (onboardingTaskState === 'STARTED') {
        expect(await decline({ pendingCustomerId: id, reason: 'Too early' })).toEqual(
          notReadyAnswer,
        );
      }
      const [row] = await server.db
        .select()
        .from(pendingCustomers)
        .where(eq(pendingCustomers.id, id));
      expect(row).toMatchObject({ approvalStatus: 'NEW', onboardingTaskState, customerId: null });
      expect(await server.db.select().from(customers)).toHaveLength(customersBefore.length);
      expect(await server.db.select().from(auditLog)).toHaveLength(auditsBefore.length);
    },
  );
});

describe('a request whose set-up failed (ERROR)', () => {
  it('can be declined, which frees its domain, though never approved', async () => {
    const declined = await decline({ pendingCustomerId: 'P-ERRORED1', reason: 'Set-up failed' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      approvalStatus: 'DECLINED',
      onboardingTaskState: 'ERROR',
    });
  });
});

describe('POST /pending-customer/approve', () => {
  it.each([
    [{ pendingCustomerId: 'P-INITECH1' }, 'body.settings'],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, extra: 1 } },
      'body.settings.extra',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, discountMultiplier: '0' } },
      'body.settings.discountMultiplier',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, discountMultiplier: '1.5' } },
      'body.settings.discountMultiplier',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, discountMultiplier: 0.9 } },
      'body.settings.discountMultiplier',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, currencies: ['usd'] } },
      'body.settings.currencies.0',
    ],
    [
      {
        pendingCustomerId: 'P-INITECH1',
        settings: { ...settings, orderLimits: [{ currency: 'USD', maxOrderValue: '-1' }] },
      },
      'body.settings.orderLimits.0.maxOrderValue',
    ],
    [
      {
        pendingCustomerId: 'P-INITECH1',
        settings: { ...settings, orderLimits: [{ currency: 'USD', maxOrderValue: '100.123' }] },
      },
      'body.settings.orderLimits.0.maxOrderValue',
    ],
    [
      {
        pendingCustomerId: 'P-INITECH1',
        settings: { ...settings, orderLimits: [{ currency: 'JPY', maxOrderValue: '100.5' }] },
      },
      'body.settings.orderLimits.0.maxOrderValue',
    ],
    [
      {
        pendingCustomerId: 'P-INITECH1',
        settings: {
          ...settings,
          orderLimits: [
            { currency: 'BHD', maxOrderValue: '1.234' },
            { currency: 'XYZ', maxOrderValue: '1' },
          ],
        },
      },
      'body.settings.orderLimits.1.currency',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, fxEnabled: 'yes' } },
      'body.settings.fxEnabled',
    ],
    [
      { pendingCustomerId: 'P-INITECH1', settings: { ...settings, currencies: ['USD', 'XYZ'] } },
      'body.settings.currencies',
    ],
  ])('refuses a malformed body %j with a 422 naming %s, changing nothing', async (input, path) => {
    const { status, body } = await approve(input);
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: 422, code: 'validation_error' });
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path })]) as unknown,
    );
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, 'P-INITECH1'));
    expect(row?.approvalStatus).toBe('PENDING');
  });

  it('answers 404 for an unknown id', async () => {
    expect(await approve({ pendingCustomerId: 'P-NOPE0000', settings })).toEqual({
      status: 404,
      body: notFound,
    });
  });

  it('is for staff only', async () => {
    expect(await approve({ pendingCustomerId: 'P-INITECH1', settings }, OWNER)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await approve({ pendingCustomerId: 'P-INITECH1', settings }, PENDING_USER)).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await approve({ pendingCustomerId: 'P-INITECH1', settings }, null)).toEqual({
      status: 401,
      body: unauthorized,
    });
  });

  it('refuses a declined pending customer with a 409, creating nothing', async () => {
    const before = await server.db.select().from(customers);
    const { status, body } = await approve({ pendingCustomerId: 'P-PAGE0003', settings });
    expect(status).toBe(409);
    expect(body.message).toBe('Pending customer is already DECLINED');
    expect(await server.db.select().from(customers)).toHaveLength(before.length);
  });

  it('creates the customer with its settings, makes the requester owner, audited', async () => {
    // Before: the waiting user has no customer.
    expect((await call('GET', '/customer', { email: PENDING_USER })).status).toBe(404);

    const { status, body } = await approve({ pendingCustomerId: 'P-INITECH1', settings });
    expect(status).toBe(200);
    expect(body.customerId).toMatch(/^C-[A-Z0-9]{8}$/);
    expect(body).toMatchObject({
      customerName: 'Initech',
      name: 'Initech',
      contactEmailAddress: PENDING_USER,
      source: 'direct',
      limitedAccess: false,
      playgroundMode: false,
      defaultCurrency: { code: 'USD', symbol: '$' },
      customerFeatureFlags: {
        balances: { enabled: true, floats: ['USD', 'EUR'], cardFees: false },
        fx: true,
        breakage: false,
        discounts: true,
      },
      // Each with exactly its currency's decimals, by currency.
      orderLimits: [
        { currency: 'BHD', maxOrderValue: '1.500' },
        { currency: 'JPY', maxOrderValue: '20000' },
        { currency: 'USD', maxOrderValue: '5000.50' },
      ],
      termsAccepted: { balances: false, dataProcessing: false },
    });
    expect(Number(body.discountConfig?.flatRateMultiplier)).toBe(0.95);
    const customerId = body.customerId;

    const [created] = await server.db.select().from(customers).where(eq(customers.id, customerId));
    expect(created?.domain).toBe('initech.test');
    // Stored in whole minor units.
    expect(
      await server.db
        .select({
          currency: customerOrderLimits.currency,
          minor: customerOrderLimits.maxOrderMinor,
        })
        .from(customerOrderLimits)
        .where(eq(customerOrderLimits.customerId, customerId))
        .orderBy(asc(customerOrderLimits.currency)),
    ).toEqual([
      { currency: 'BHD', minor: 1500n },
      { currency: 'JPY', minor: 20000n },
      { currency: 'USD', minor: 500050n },
    ]);
    expect(
      await server.db.select().from(memberships).where(eq(memberships.customerId, customerId)),
    ).toEqual([expect.objectContaining({ userId: PENDING_USER_ID, roles: ['owner'] })]);
    const [pending] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, 'P-INITECH1'));
    expect(pending?.approvalStatus).toBe('APPROVED');

    const audits = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3);
    expect(audits.map((a) => [a.action, a.target]).sort()).toEqual(
      [
        ['customer.create', customerId],
        ['membership.create', PENDING_USER_ID],
        ['pending_customer.approve', 'P-INITECH1'],
      ].sort(),
    );
    for (const audit of audits) expect(audit.actorUserId).toBe('U-BOONSTAFF');

    // The waiting user now lists the customer and may act at it, with a fresh sign-in and without.
    const listed = await call<Customer[]>('GET', '/customer', { email: PENDING_USER });
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.customerId)).toEqual([customerId]);
    tokens.delete(PENDING_USER);
    const me = await call('GET', '/user/me', { email: PENDING_USER, customerId });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ customerIds: [customerId], roles: ['owner'] });

    // The list shows it approved; approving or declining again is a 409.
    const { body: page } = await list('?customer_name_begins_with=initech');
    expect(page.items.map((p) => p.approvalStatus)).toEqual(['APPROVED']);
    const again = await approve({ pendingCustomerId: 'P-INITECH1', settings });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Pending customer is already APPROVED');
    expect((await decline({ pendingCustomerId: 'P-INITECH1' })).status).toBe(409);
  });

  it('answers 409 when a customer got the domain meanwhile, creating nothing', async () => {
    await server.db.insert(pendingCustomers).values({
      id: 'P-TAKEN001',
      companyName: 'Taken Ltd',
      domain: 'taken.test',
      requestedByUserId: PENDING_USER_ID,
      approvalStatus: 'PENDING',
      onboardingTaskState: 'COMPLETE',
    });
    await server.db.insert(customers).values({
      id: 'C-TAKEN001',
      name: 'Taken Elsewhere',
      domain: 'Taken.TEST',
      featureFlags: {
        balances: { enabled: false, floats: [], cardFees: false },
        fx: false,
        breakage: false,
        discounts: false,
      },
    });
    const before = await server.db.select().from(customers);
    expect(await approve({ pendingCustomerId: 'P-TAKEN001', settings })).toEqual({
      status: 409,
      body: {
        status: 409,
        code: 'customer_with_domain_exists',
        message: 'A company account already exists for your e-mail domain',
      },
    });
    expect(await server.db.select().from(customers)).toHaveLength(before.length);
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, 'P-TAKEN001'));
    expect(row).toMatchObject({ approvalStatus: 'PENDING', customerId: null });
  });

  it('answers 409 when a customer with the domain commits between the check and the insert', async () => {
    await server.db.insert(pendingCustomers).values({
      id: 'P-RACING01',
      companyName: 'Racing Ltd',
      domain: 'racing.test',
      requestedByUserId: PENDING_USER_ID,
      approvalStatus: 'PENDING',
      onboardingTaskState: 'COMPLETE',
    });
    // The other customer lands inside the approval's transaction, just before its insert: the
    // check has passed, so only the unique index stands in the way.
    await server.db.execute(
      sql.raw(`create function other_customer_first() returns trigger language plpgsql as $$
        begin
          if new.name = 'Racing Ltd' then
            insert into customers (id, name, domain, feature_flags)
            values ('C-RACING01', 'Racing Elsewhere', upper(new.domain), new.feature_flags);
          end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger other_customer_first before insert on customers
        for each row execute function other_customer_first()`),
    );
    try {
      const before = await server.db.select().from(customers);
      expect(await approve({ pendingCustomerId: 'P-RACING01', settings })).toEqual({
        status: 409,
        body: {
          status: 409,
          code: 'customer_with_domain_exists',
          message: 'A company account already exists for your e-mail domain',
        },
      });
      expect(await server.db.select().from(customers)).toHaveLength(before.length);
      const [row] = await server.db
        .select()
        .from(pendingCustomers)
        .where(eq(pendingCustomers.id, 'P-RACING01'));
      expect(row).toMatchObject({ approvalStatus: 'PENDING', customerId: null });
    } finally {
      await server.db.execute(sql`drop trigger other_customer_first on customers`);
      await server.db.execute(sql`drop function other_customer_first()`);
    }
  });

  it('approves a NEW one with no balances, no limits and no discount', async () => {
    const { status, body } = await approve({
      pendingCustomerId: 'P-PAGE0001',
      settings: {
        balancesEnabled: false,
        fxEnabled: false,
        currencies: [],
        orderLimits: null,
        discountMultiplier: null,
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      customerName: 'Paging Alpha',
      customerFeatureFlags: {
        balances: { enabled: false, floats: [], cardFees: false },
        fx: false,
        discounts: false,
      },
      orderLimits: null,
      discountConfig: null,
      // No float to go by, and no country: the spec's default.
      defaultCurrency: { code: 'USD', symbol: '$' },
    });
  });

  it("defaults a new customer to its country's currency when it holds a float in it", async () => {
    const { status, body } = await approve({
      pendingCustomerId: 'P-PAGE0002',
      settings: {
        balancesEnabled: true,
        fxEnabled: true,
        currencies: ['USD', 'JPY'],
        orderLimits: null,
        discountMultiplier: '0.9725',
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      customerName: 'paging bravo',
      defaultCurrency: { code: 'JPY' },
      customerFeatureFlags: { balances: { enabled: true, floats: ['USD', 'JPY'] }, fx: true },
      discountConfig: { flatRateMultiplier: '0.9725' },
    });
  });
});
