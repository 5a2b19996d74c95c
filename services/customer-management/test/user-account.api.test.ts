import { userMeSchema, type UserMe } from '@boon/contracts';
import { eq, users } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditCount,
  auditRows,
  createUser,
  customerManagementClient,
  forbidden,
  inviteLinkFor,
  startServer,
  unauthorized,
  userNotFound,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * POST /user/me (spec 7; onboarding account-details, spec 4.1): a sign-in identity without a
 * backend user creates it with a first and last name, once.
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;

const alreadyExists = { status: 409, code: 'user_already_exists', message: 'User already exists' };

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server);
});
afterAll(() => server?.close());

let counter = 0;
/** A sign-in identity with no backend user yet, as the identity provider's sign-up leaves it. */
async function identity() {
  const user = await createUser(server.db, `new-${(counter += 1)}@initech.test`, {
    profile: false,
  });
  return { ...user, call: { email: user.email } satisfies CallOptions };
}

const createMe = (body: unknown, options: CallOptions) =>
  client.call<UserMe & Record<string, unknown>>('POST', '/user/me', { ...options, body });

async function userRow(id: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

describe('POST /user/me', () => {
  it('creates the backend user and answers 201 with GET /user/me’s shape; audited', async () => {
    const person = await identity();
    expect(await client.call('GET', '/user/me', person.call)).toEqual({
      status: 404,
      body: userNotFound,
    });

    const { status, body } = await createMe(
      { firstName: '  Ada ', lastName: 'Lovelace' },
      person.call,
    );
    expect(status).toBe(201);
    expect(userMeSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: person.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: person.email,
      emailVerified: true,
      isStaff: false,
      customerIds: [],
      roles: [],
      permissions: [],
      options: {
        useBalancesTncAccepted: false,
        dataProcessingTncAccepted: true,
        gettingStartedDismissed: false,
        introWatched: false,
      },
      mfaEnabled: false,
    } satisfies UserMe);
    const row = await userRow(person.id);
    expect(row.profileCreatedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    expect(await client.call('GET', '/user/me', person.call)).toEqual({ status: 200, body });
    const [audit] = await auditRows(server.db, 'user.create', person.id);
    expect(audit).toMatchObject({
      actorUserId: person.id,
      customerId: null,
      details: { firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('answers 409 "User already exists" the second time, and for a demo user, changing nothing', async () => {
    const person = await identity();
    expect((await createMe({ firstName: 'Ada', lastName: 'Lovelace' }, person.call)).status).toBe(
      201,
    );
    const audits = await auditCount(server.db);
    expect(await createMe({ firstName: 'Grace', lastName: 'Hopper' }, person.call)).toEqual({
      status: 409,
      body: alreadyExists,
    });
    expect(await userRow(person.id)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    expect(
      await createMe({ firstName: 'Someone', lastName: 'Else' }, { email: 'owner@acme.test' }),
    ).toEqual({ status: 409, body: alreadyExists });
    expect(await userRow('U-ACMEOWNER')).toMatchObject({ firstName: 'Olivia', lastName: 'Hart' });
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses malformed bodies with field errors, creating nothing', async () => {
    const person = await identity();
    const audits = await auditCount(server.db);
    for (const [body, paths] of [
      [{ firstName: 'Ada' }, ['body.lastName']],
      [{ firstName: '   ', lastName: 'Lovelace' }, ['body.firstName']],
      [{ firstName: 'A'.repeat(101), lastName: 'Lovelace' }, ['body.firstName']],
      [{ firstName: 42, lastName: ['Lovelace'] }, ['body.firstName', 'body.lastName']],
      [{ firstName: 'Ada', lastName: 'Lovelace', email: 'x@y.test' }, ['body.email']],
      [{ firstName: 'Ada', lastName: 'Lovelace', isStaff: true }, ['body.isStaff']],
      [null, ['body']],
      [['Ada', 'Lovelace'], ['body']],
    ] as const) {
      const answer = await createMe(body, person.call);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 422,
        body: { code: 'validation_error', message: 'ValidationErrorResponse' },
      });
      const fieldErrors = (answer.body.fieldErrors ?? []) as { path: string }[];
      expect(new Set(fieldErrors.map((error) => error.path)), JSON.stringify(body)).toEqual(
        new Set(paths),
      );
    }
    expect(
      (await client.call('POST', '/user/me', { ...person.call, rawBody: '{"firstName":' })).status,
    ).toBe(400);
    const row = await userRow(person.id);
    expect(row.profileCreatedAt).toBeNull();
    expect(row).toMatchObject({ firstName: '', lastName: '', isStaff: false });
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses a customer the user does not belong to (wrong tenant), and a call without a token', async () => {
    const person = await identity();
    expect(
      await createMe(
        { firstName: 'Ada', lastName: 'Lovelace' },
        { ...person.call, customerId: ACME },
      ),
    ).toEqual({ status: 403, body: forbidden });
    expect(await createMe({ firstName: 'Ada', lastName: 'Lovelace' }, {})).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect((await userRow(person.id)).profileCreatedAt).toBeNull();
  });

  it('is the step between an invite link and accepting it (spec 4.1: UserCreationRequired)', async () => {
    const person = await identity();
    const sent = await client.call('POST', '/user/invite', {
      email: 'owner@acme.test',
      customerId: ACME,
      body: { email: person.email, roles: ['viewer'] },
    });
    expect(sent.status).toBe(201);
    const { token } = await inviteLinkFor(server.db, person.email);

    // No backend user yet, and a valid invite: the console asks for the name.
    expect((await client.call('GET', '/user/me', person.call)).status).toBe(404);
    expect((await client.call('GET', `/user/invite?token=${token}`, person.call)).status).toBe(200);
    expect((await createMe({ firstName: 'Ada', lastName: 'Lovelace' }, person.call)).status).toBe(
      201,
    );
    expect(
      await client.call('POST', '/user/activate', { ...person.call, body: { token } }),
    ).toEqual({ status: 200, body: { customerId: ACME, roles: ['viewer'] } });
    const me = await client.call<UserMe>('GET', '/user/me', { ...person.call, customerId: ACME });
    expect(me.body).toMatchObject({ firstName: 'Ada', customerIds: [ACME], roles: ['viewer'] });
  });
});
