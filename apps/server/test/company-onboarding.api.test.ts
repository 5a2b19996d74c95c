import type { OnboardingStateResponse, PendingCustomerCreate } from '@boon/contracts';
import { DEMO_PASSWORD, hashPassword } from '@boon/customer-management';
import {
  auditLog,
  customers,
  desc,
  eq,
  memberships,
  outboxMails,
  pendingCustomers,
  users,
} from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './oidc-client.js';
import { startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
});
afterAll(() => server.close());

const company: PendingCustomerCreate = {
  companyName: 'Hooli',
  country: 'US',
  companySize: '51-200',
  website: 'https://hooli.test',
  rewardNeed: 'within-30-days',
  useCases: ['employee-rewards'],
};

/** A signed-up user with a backend profile and no customer, signed in; its access token. */
async function newUser(
  email: string,
  options: { profile?: boolean } = {},
): Promise<{ id: string; token: string }> {
  sequence += 1;
  const id = `U-ONBOARD${String(sequence).padStart(4, '0')}`;
  await server.db.insert(users).values({
    id,
    email,
    firstName: 'Gavin',
    lastName: 'Belson',
    emailVerified: true,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    profileCreatedAt: options.profile === false ? null : new Date(),
  });
  const { accessToken } = await signIn({ baseUrl: server.baseUrl, email, password: DEMO_PASSWORD });
  return { id, token: accessToken };
}

async function call<Body = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  body?: unknown,
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const create = (token: string | undefined, body: unknown = company) =>
  call<OnboardingStateResponse & Record<string, unknown>>('POST', '/pending-customer', token, body);

async function waitForTask(token: string): Promise<OnboardingStateResponse> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { status, body } = await call<OnboardingStateResponse>('GET', '/onboarding-state', token);
    expect(status).toBe(200);
    if (body.onboardingTaskState !== 'STARTED') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the onboarding task never finished');
}

describe('POST /pending-customer', () => {
  it('stores the request with the e-mail domain, STARTED, and a job completes it for approval', async () => {
    const user = await newUser('gavin@hooli.test');
    const { status, body } = await create(user.token);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      companyName: 'Hooli',
      approvalStatus: 'NEW',
      onboardingTaskState: 'STARTED',
    });
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, body.pendingCustomerId));
    expect(row).toMatchObject({
      domain: 'hooli.test',
      requestedByUserId: user.id,
      country: 'US',
      companySize: '51-200',
      website: 'https://hooli.test',
      rewardNeed: 'within-30-days',
      useCases: ['employee-rewards'],
      customerId: null,
    });

    const finished = await waitForTask(user.token);
    expect(finished).toMatchObject({ approvalStatus: 'PENDING', onboardingTaskState: 'COMPLETE' });

    const mails = await server.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, 'company-received'));
    expect(mails.map((m) => m.to)).toContain('gavin@hooli.test');
    expect(mails.find((m) => m.to === 'gavin@hooli.test')?.text).toContain('2 to 4 business days');
    const staffMails = await server.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, 'company-awaiting-approval'));
    expect(staffMails.map((m) => m.to)).toContain('staff@boon.test');
    expect(staffMails[0]?.text).toContain('/admin/pending-customers');

    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, body.pendingCustomerId))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual([
      'pending_customer.onboarding_complete',
      'pending_customer.create',
    ]);
    expect(audits[1]?.actorUserId).toBe(user.id);
  });

  it('refuses a second request from the same user with 409', async () => {
    const user = await newUser('richard@piedpiper.test');
    expect((await create(user.token, { ...company, companyName: 'Pied Piper' })).status).toBe(201);
    const again = await create(user.token, { ...company, companyName: 'Pied Piper 2' });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 'pending_customer_exists',
        message: 'A company account is already being set up for you',
      },
    });
  });

  it('refuses a domain that already has a customer or an open request (409)', async () => {
    const customerDomain = await newUser('someone@acme.test');
    await server.db
      .update(customers)
      .set({ domain: 'acme.test' })
      .where(eq(customers.id, 'C-ACME0001'));
    expect(await create(customerDomain.token)).toMatchObject({
      status: 409,
      body: { code: 'customer_with_domain_exists' },
    });
    const colleague = await newUser('jian@piedpiper.test');
    expect(await create(colleague.token)).toMatchObject({
      status: 409,
      body: {
        code: 'customer_with_domain_exists',
        message: 'A company account already exists for your e-mail domain',
      },
    });
  });

  it('refuses a personal e-mail address with a field error (422)', async () => {
    const user = await newUser('someone.personal@gmail.com');
    const { status, body } = await create(user.token);
    expect(status).toBe(422);
    expect(body.fieldErrors).toEqual([
      { path: 'email', message: 'Use your company e-mail address to create a company' },
    ]);
  });

  it('answers 404 "User doesn\'t exist for you" before the backend user exists', async () => {
    const user = await newUser('newbie@initrode.test', { profile: false });
    expect(await create(user.token)).toMatchObject({
      status: 404,
      body: { message: "User doesn't exist for you" },
    });
  });

  it('answers 409 "User is already active" for a member of a customer', async () => {
    const { accessToken } = await signIn({
      baseUrl: server.baseUrl,
      email: 'viewer@acme.test',
      password: DEMO_PASSWORD,
    });
    expect(await create(accessToken)).toMatchObject({
      status: 409,
      body: { message: 'User is already active' },
    });
  });

  it('answers 401 without a token', async () => {
    expect((await create(undefined)).status).toBe(401);
  });

  it.each([
    ['a prohibited country', { ...company, country: 'KP' }, 'country'],
    ['a country we do not serve', { ...company, country: 'ZZ' }, 'country'],
    ['an unknown company size', { ...company, companySize: 'huge' }, 'companySize'],
    ['a name of the wrong type', { ...company, companyName: 42 }, 'companyName'],
    ['an oversize name', { ...company, companyName: 'x'.repeat(201) }, 'companyName'],
    ['an empty name', { ...company, companyName: '   ' }, 'companyName'],
    ['a website that is not one', { ...company, website: 'not a site' }, 'website'],
    ['an unknown field', { ...company, isStaff: true }, ''],
    ['repeated use cases', { ...company, useCases: ['payouts', 'payouts'] }, 'useCases'],
  ])('refuses %s with 422 and changes nothing', async (_label, body, field) => {
    const user = await newUser(`check${sequence + 1}@globochem${sequence + 1}.test`);
    const before = await server.db.select().from(pendingCustomers);
    const { status, body: answer } = await create(user.token, body);
    expect(status).toBe(422);
    expect(answer.code).toBe('validation_error');
    const paths = (answer.fieldErrors as { path: string }[]).map((e) => e.path);
    expect(paths.some((path) => path.includes(field))).toBe(true);
    expect(await server.db.select().from(pendingCustomers)).toHaveLength(before.length);
  });
});

describe('approval and decline of a request made through the API', () => {
  it('approval makes the requester owner of the new customer and mails them', async () => {
    const user = await newUser('monica@raviga.test');
    const { body } = await create(user.token, { ...company, companyName: 'Raviga' });
    await waitForTask(user.token);
    const staff = await signIn({
      baseUrl: server.baseUrl,
      email: 'staff@boon.test',
      password: DEMO_PASSWORD,
    });
    const approved = await fetch(
      `${server.baseUrl}/api/customer-management/pending-customer/approve`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${staff.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          pendingCustomerId: body.pendingCustomerId,
          settings: {
            balancesEnabled: true,
            fxEnabled: false,
            currencies: ['USD'],
            orderLimits: null,
            discountMultiplier: null,
          },
        }),
      },
    );
    expect(approved.status).toBe(200);
    const customer = (await approved.json()) as {
      customerId: string;
      playgroundMode: boolean;
      limitedAccess: boolean;
    };
    expect(customer).toMatchObject({ playgroundMode: false, limitedAccess: false });
    const [membership] = await server.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ customerId: customer.customerId, roles: ['owner'] });
    const [row] = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.id, body.pendingCustomerId));
    expect(row?.customerId).toBe(customer.customerId);
    const mails = await server.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'monica@raviga.test'));
    expect(mails.map((m) => m.kind).sort()).toEqual(['company-approved', 'company-received']);
  });
});
