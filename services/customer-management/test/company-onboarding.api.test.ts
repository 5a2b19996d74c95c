import type { OnboardingStateResponse, PendingCustomerCreate } from '@boon/contracts';
import {
  auditLog,
  customers,
  desc,
  eq,
  memberships,
  outboxMails,
  pendingCustomers,
  sql,
  users,
} from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerManagementClient, startTestServer, type TestServer } from '@boon/server/testing';

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  client = customerManagementClient(server);
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

/** A signed-up user with a backend profile and no customer; the access token a sign-in gives it. */
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
    profileCreatedAt: options.profile === false ? null : new Date(),
  });
  return { id, token: await client.tokenFor(email) };
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

async function waitForTask(token: string, deadlineMs = 20_000): Promise<OnboardingStateResponse> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const { status, body } = await call<OnboardingStateResponse>('GET', '/onboarding-state', token);
    expect(status).toBe(200);
    if (body.onboardingTaskState !== 'STARTED') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the onboarding task never finished');
}

const ONBOARDING_QUEUE = 'customer-management.company-onboarding';

interface QueueRetries {
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
}

/**
 * Runs `run` with the onboarding queue retrying at once and at most `retryLimit` times. pg-boss
 * copies a queue's retry settings into each job it creates, so only jobs queued inside `run` get
 * them; the defaults (5 retries, minutes apart) come back afterwards.
 */
async function withQueueRetries(retryLimit: number, run: () => Promise<void>) {
  const result = await server.db.execute(
    sql`select retry_limit, retry_delay, retry_backoff from pgboss.queue where name = ${ONBOARDING_QUEUE}`,
  );
  const [before] = (result as unknown as { rows: QueueRetries[] }).rows;
  if (!before) throw new Error('the onboarding queue does not exist');
  await server.db.execute(
    sql`update pgboss.queue set retry_limit = ${retryLimit}, retry_delay = 0, retry_backoff = false where name = ${ONBOARDING_QUEUE}`,
  );
  try {
    await run();
  } finally {
    await server.db.execute(
      sql`update pgboss.queue set retry_limit = ${before.retry_limit}, retry_delay = ${before.retry_delay}, retry_backoff = ${before.retry_backoff} where name = ${ONBOARDING_QUEUE}`,
    );
  }
}

/** The name of the constraint a database error (or an error it wraps) names, if any. */
async function violatedConstraint(pending: Promise<unknown>): Promise<string | undefined> {
  try {
    await pending;
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const { code, constraint } = current as { code?: unknown; constraint?: unknown };
      if (code === '23505' && typeof constraint === 'string') return constraint;
    }
    throw error;
  }
  return undefined;
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
    expect(await create(await client.tokenFor('viewer@acme.test'))).toMatchObject({
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
    const staffToken = await client.tokenFor('staff@boon.test');
    const approved = await fetch(
      `${server.baseUrl}/api/customer-management/pending-customer/approve`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${staffToken}`,
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

describe('one company account per domain, also when requests race', () => {
  it('lets exactly one of two colleagues asking at once through; the other gets 409', async () => {
    const [first, second] = [
      await newUser('dinesh@bachman.test'),
      await newUser('gilfoyle@Bachman.test'),
    ];
    const answers = await Promise.all([
      create(first.token, { ...company, companyName: 'Bachmanity' }),
      create(second.token, { ...company, companyName: 'Bachmanity Insanity' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({
      status: 409,
      code: 'customer_with_domain_exists',
      message: 'A company account already exists for your e-mail domain',
    });
    const rows = await server.db
      .select()
      .from(pendingCustomers)
      .where(eq(pendingCustomers.domain, 'bachman.test'));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 when a colleague’s request commits between the check and the insert', async () => {
    // The colleague's request lands inside our transaction, just before our insert: the read-only
    // check has passed, so only the unique index stands in the way.
    await server.db.execute(
      sql.raw(`create function colleague_got_there_first() returns trigger language plpgsql as $$
        begin
          if new.company_name = 'Hot Potato' then
            insert into pending_customers (id, company_name, domain, requested_by_user_id)
            values ('P-COLLEAGU', 'Colleague Co', new.domain, new.requested_by_user_id);
          end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger colleague_got_there_first before insert on pending_customers
        for each row execute function colleague_got_there_first()`),
    );
    try {
      const user = await newUser('big.head@hotpotato.test');
      expect(await create(user.token, { ...company, companyName: 'Hot Potato' })).toEqual({
        status: 409,
        body: {
          status: 409,
          code: 'customer_with_domain_exists',
          message: 'A company account already exists for your e-mail domain',
        },
      });
      // Both inserts were one transaction, rolled back together.
      expect(
        await server.db
          .select()
          .from(pendingCustomers)
          .where(eq(pendingCustomers.domain, 'hotpotato.test')),
      ).toEqual([]);
    } finally {
      await server.db.execute(sql`drop trigger colleague_got_there_first on pending_customers`);
      await server.db.execute(sql`drop function colleague_got_there_first()`);
    }
  });

  it('the database itself refuses a second open request for a domain, whatever its case', async () => {
    const requester = await newUser('erlich@aviato.test');
    const row = {
      companyName: 'Aviato',
      requestedByUserId: requester.id,
      onboardingTaskState: 'COMPLETE' as const,
    };
    await server.db
      .insert(pendingCustomers)
      .values({ ...row, id: 'P-AVIATO01', domain: 'aviato.test', approvalStatus: 'DECLINED' });
    await server.db
      .insert(pendingCustomers)
      .values({ ...row, id: 'P-AVIATO02', domain: 'aviato.test', approvalStatus: 'PENDING' });
    for (const approvalStatus of ['NEW', 'PENDING', 'APPROVED'] as const) {
      expect(
        await violatedConstraint(
          server.db
            .insert(pendingCustomers)
            .values({ ...row, id: 'P-AVIATO03', domain: 'AVIATO.test', approvalStatus }),
        ),
        approvalStatus,
      ).toBe('pending_customers_open_domain_idx');
    }
    // A declined request leaves the domain free: a second declined one is fine.
    await server.db
      .insert(pendingCustomers)
      .values({ ...row, id: 'P-AVIATO04', domain: 'Aviato.test', approvalStatus: 'DECLINED' });
  });

  it('the database itself refuses a second customer with a domain, whatever its case', async () => {
    expect(
      await violatedConstraint(
        server.db.insert(customers).values({
          id: 'C-ACMECOPY',
          name: 'Acme Copy',
          domain: 'ACME.test',
          featureFlags: {
            balances: { enabled: false, floats: [], cardFees: false },
            fx: false,
            breakage: false,
            discounts: false,
          },
        }),
      ),
    ).toBe('customers_domain_lower_idx');
  });
});

describe('the onboarding job', () => {
  // A fault injected in the database: the job's update to COMPLETE fails for the listed companies.
  beforeAll(async () => {
    await server.db.execute(sql`create table onboarding_faults (company_name text primary key)`);
    await server.db.execute(
      sql.raw(`create function inject_onboarding_fault() returns trigger language plpgsql as $$
        begin
          if new.onboarding_task_state = 'COMPLETE'
            and exists (select 1 from onboarding_faults where company_name = new.company_name) then
            raise exception 'injected onboarding fault for %', new.company_name;
          end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger onboarding_fault before update on pending_customers
        for each row execute function inject_onboarding_fault()`),
    );
  });
  afterAll(async () => {
    await server.db.execute(sql`drop trigger onboarding_fault on pending_customers`);
    await server.db.execute(sql`drop function inject_onboarding_fault()`);
    await server.db.execute(sql`drop table onboarding_faults`);
  });

  const mailsTo = (email: string) =>
    server.db.select().from(outboxMails).where(eq(outboxMails.to, email));

  it('marks the task ERROR when its last attempt fails, audited without an actor', async () => {
    await server.db.execute(sql`insert into onboarding_faults values ('Doomed Co')`);
    const user = await newUser('laurie@doomed.test');
    let pendingCustomerId = '';
    await withQueueRetries(1, async () => {
      const { status, body } = await create(user.token, { ...company, companyName: 'Doomed Co' });
      expect(status).toBe(201);
      pendingCustomerId = body.pendingCustomerId;
      // The first attempt fails and is retried; the second, the last, fails too.
      expect(await waitForTask(user.token)).toMatchObject({
        approvalStatus: 'NEW',
        onboardingTaskState: 'ERROR',
      });
    });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, pendingCustomerId))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual([
      'pending_customer.onboarding_error',
      'pending_customer.create',
    ]);
    expect(audits[0]).toMatchObject({
      actorUserId: null,
      customerId: null,
      details: { onboardingTaskState: { from: 'STARTED', to: 'ERROR' }, attempts: 2 },
    });
    expect(await mailsTo('laurie@doomed.test')).toEqual([]);
  });

  it('mails nobody when the request was decided before the task completed', async () => {
    // Held: every attempt fails until the fault is lifted, so the decision surely comes first.
    await server.db.execute(sql`insert into onboarding_faults values ('Late Decision Co')`);
    const user = await newUser('jared@latedecision.test');
    await withQueueRetries(1000, async () => {
      const { status, body } = await create(user.token, {
        ...company,
        companyName: 'Late Decision Co',
      });
      expect(status).toBe(201);
      // Staff can no longer decide this early (409); an older decision is set straight.
      await server.db
        .update(pendingCustomers)
        .set({ approvalStatus: 'DECLINED' })
        .where(eq(pendingCustomers.id, body.pendingCustomerId));
      await server.db.execute(
        sql`delete from onboarding_faults where company_name = 'Late Decision Co'`,
      );
      expect(await waitForTask(user.token)).toMatchObject({
        approvalStatus: 'DECLINED',
        onboardingTaskState: 'COMPLETE',
      });
    });
    expect(await mailsTo('jared@latedecision.test')).toEqual([]);
    const staffMails = await server.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.kind, 'company-awaiting-approval'));
    expect(staffMails.filter((m) => m.text?.includes('jared@latedecision.test'))).toEqual([]);
  });
});
