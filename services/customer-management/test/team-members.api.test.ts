import { customerUserSchema, type CustomerUser, type Role, type UserMe } from '@boon/contracts';
import { and, eq, memberships } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditCount,
  auditRows,
  createUser,
  customerManagementClient,
  forbidden,
  GLOBEX,
  startServer,
  unauthorized,
  userNotFound,
  validationError,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * A customer's team (spec 7): PUT /user/{userId}/roles and DELETE
 * /customer/{customerId}/user/{userId}, for success, each documented error, a wrong tenant, a
 * missing permission and malformed input. The owner is neither demoted nor removed (decisions.md).
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;

const OWNER = 'owner@acme.test';
const ADMIN = 'admin@acme.test';
const OWNER_ID = 'U-ACMEOWNER';
const ADMIN_ID = 'U-ACMEADMIN';
const asOwner: CallOptions = { email: OWNER, customerId: ACME };
const asAdmin: CallOptions = { email: ADMIN, customerId: ACME };
const withoutTeamWrites = [
  'finance@acme.test',
  'manager@acme.test',
  'agent@acme.test',
  'viewer@acme.test',
  'staff@boon.test',
];

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server);
});
afterAll(() => server?.close());

let counter = 0;
/** A new member of `customerId` with `roles`, who can sign in. */
async function addMember(roles: Role[], customerId = ACME) {
  const user = await createUser(server.db, `member-${(counter += 1)}@acme.test`, {
    firstName: 'Team',
  });
  await server.db.insert(memberships).values({ userId: user.id, customerId, roles });
  return { ...user, call: { email: user.email, customerId } };
}

async function rolesAt(userId: string, customerId = ACME): Promise<string[] | undefined> {
  const [row] = await server.db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.customerId, customerId)));
  return row?.roles;
}

const setRoles = (userId: string, body: unknown, options: CallOptions = asOwner) =>
  client.call<CustomerUser & Record<string, unknown>>('PUT', `/user/${userId}/roles`, {
    ...options,
    body,
  });
const remove = (customerId: string, userId: string, options: CallOptions = asOwner) =>
  client.call<Record<string, unknown> | undefined>(
    'DELETE',
    `/customer/${customerId}/user/${userId}`,
    options,
  );
const refused = (path: string, message: string) => ({
  status: 422,
  body: {
    status: 422,
    code: 'validation_error',
    message: 'ValidationErrorResponse',
    fieldErrors: [{ path, message }],
  },
});

describe('PUT /user/{userId}/roles', () => {
  it("changes a member's roles, answers the member, audits, and applies at once", async () => {
    const member = await addMember(['viewer']);
    // Signed in before the change: the token's claims do not decide, the database does.
    const before = await client.call<UserMe>('GET', '/user/me', member.call);
    expect(before.body.permissions).not.toContain('write:top_up_by_fx');

    const { status, body } = await setRoles(member.id, {
      roles: ['finance_manager', 'service_agent'],
    });
    expect(status).toBe(200);
    expect(customerUserSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: member.id,
      firstName: 'Team',
      lastName: 'Invitee',
      emailAddress: member.email,
      emailVerified: true,
      blocked: false,
      roles: ['finance_manager', 'service_agent'],
    });
    expect(await rolesAt(member.id)).toEqual(['finance_manager', 'service_agent']);
    const [audit] = await auditRows(server.db, 'membership.roles.update', member.id);
    expect(audit).toMatchObject({
      actorUserId: OWNER_ID,
      customerId: ACME,
      details: { roles: { from: ['viewer'], to: ['finance_manager', 'service_agent'] } },
    });

    const after = await client.call<UserMe>('GET', '/user/me', member.call);
    expect(after.body.roles).toEqual(['finance_manager', 'service_agent']);
    expect(after.body.permissions).toContain('write:top_up_by_fx');
  });

  it('lets an admin change another admin, and one user of two customers keeps the other', async () => {
    const member = await addMember(['admin']);
    await server.db
      .insert(memberships)
      .values({ userId: member.id, customerId: GLOBEX, roles: ['admin'] });
    expect((await setRoles(member.id, { roles: ['viewer'] }, asAdmin)).status).toBe(200);
    expect(await rolesAt(member.id)).toEqual(['viewer']);
    expect(await rolesAt(member.id, GLOBEX)).toEqual(['admin']);
  });

  it('answers 404 "User doesn\'t exist for you" for someone who is no member there', async () => {
    for (const userId of ['U-GLOBEXOWNER', 'U-BOONSTAFF', 'U-NOSUCHUSER1']) {
      expect(await setRoles(userId, { roles: ['viewer'] }), userId).toEqual({
        status: 404,
        body: userNotFound,
      });
    }
  });

  it("refuses to change the owner's role, whoever asks", async () => {
    const audits = await auditCount(server.db);
    for (const who of [asAdmin, asOwner]) {
      expect(await setRoles(OWNER_ID, { roles: ['admin'] }, who)).toEqual(
        refused('roles', "The owner's role cannot be changed"),
      );
    }
    expect(await rolesAt(OWNER_ID)).toEqual(['owner']);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses a change of your own role', async () => {
    expect(await setRoles(ADMIN_ID, { roles: ['viewer'] }, asAdmin)).toEqual(
      refused('roles', 'You cannot change your own role'),
    );
    expect(await rolesAt(ADMIN_ID)).toEqual(['admin']);
  });

  it("never grants 'owner', and refuses malformed bodies with field errors, changing nothing", async () => {
    const member = await addMember(['viewer']);
    const audits = await auditCount(server.db);
    for (const [body, path] of [
      [{ roles: ['owner'] }, 'body.roles.0'],
      [{ roles: ['admin', 'owner'] }, 'body.roles.1'],
      [{ roles: [] }, 'body.roles'],
      [{ roles: ['viewer', 'viewer'] }, 'body.roles'],
      [{ roles: ['superuser'] }, 'body.roles.0'],
      [{ roles: [42] }, 'body.roles.0'],
      [{ roles: ['viewer'], customerId: GLOBEX }, 'body.customerId'],
      [{}, 'body.roles'],
    ] as const) {
      const answer = await setRoles(member.id, body);
      expect(answer, JSON.stringify(body)).toEqual({ status: 422, body: validationError(path) });
    }
    const tooMany = await setRoles(member.id, {
      roles: ['admin', 'viewer', 'finance_manager', 'service_manager', 'service_agent', 'admin'],
    });
    expect(tooMany.status).toBe(422);
    expect(await setRoles('not-a-user', { roles: ['viewer'] })).toEqual({
      status: 422,
      body: validationError('params.userId'),
    });
    expect(await rolesAt(member.id)).toEqual(['viewer']);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses members without write:team_members, and staff', async () => {
    const member = await addMember(['viewer']);
    for (const email of withoutTeamWrites) {
      expect(
        await setRoles(member.id, { roles: ['admin'] }, { email, customerId: ACME }),
        email,
      ).toEqual({ status: 403, body: forbidden });
    }
    expect(await rolesAt(member.id)).toEqual(['viewer']);
  });

  it('acts only at the customer x-customer-id selects (wrong tenant)', async () => {
    const member = await addMember(['viewer']);
    // Another customer's owner, acting for their own customer: no such member there.
    expect(
      await setRoles(
        member.id,
        { roles: ['admin'] },
        { email: 'owner@globex.test', customerId: GLOBEX },
      ),
    ).toEqual({ status: 404, body: userNotFound });
    // ... or naming this customer, which they do not belong to.
    expect(
      await setRoles(
        member.id,
        { roles: ['admin'] },
        { email: 'owner@globex.test', customerId: ACME },
      ),
    ).toEqual({ status: 403, body: forbidden });
    // An admin of both, acting for Globex, cannot reach an Acme-only member.
    expect(
      await setRoles(
        member.id,
        { roles: ['admin'] },
        { email: 'multi@acme.test', customerId: GLOBEX },
      ),
    ).toEqual({ status: 404, body: userNotFound });
    expect(await setRoles(member.id, { roles: ['admin'] }, { email: OWNER })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await setRoles(member.id, { roles: ['admin'] }, { customerId: ACME })).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await rolesAt(member.id)).toEqual(['viewer']);
  });
});

describe('DELETE /customer/{customerId}/user/{userId}', () => {
  it('removes a member: audited, and their access ends at once', async () => {
    const member = await addMember(['admin']);
    const team = `/customer/${ACME}/users`;
    expect((await client.call('GET', team, member.call)).status).toBe(200);

    const { status, body } = await remove(ACME, member.id);
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    expect(await rolesAt(member.id)).toBeUndefined();
    const [audit] = await auditRows(server.db, 'membership.delete', member.id);
    expect(audit).toMatchObject({
      actorUserId: OWNER_ID,
      customerId: ACME,
      details: { email: member.email, roles: ['admin'] },
    });

    // The same token, a moment later.
    expect(await client.call('GET', team, member.call)).toEqual({ status: 403, body: forbidden });
    const customers = await client.call('GET', '/customer', {
      ...member.call,
      customerId: undefined,
    });
    expect(customers.status).toBe(404);
    const listed = await client.call<CustomerUser[]>('GET', team, asOwner);
    expect(listed.body.map((user) => user.id)).not.toContain(member.id);
  });

  it('lets an admin remove a member, from that customer only', async () => {
    const member = await addMember(['viewer']);
    await server.db
      .insert(memberships)
      .values({ userId: member.id, customerId: GLOBEX, roles: ['viewer'] });
    expect((await remove(ACME, member.id, asAdmin)).status).toBe(204);
    expect(await rolesAt(member.id)).toBeUndefined();
    expect(await rolesAt(member.id, GLOBEX)).toEqual(['viewer']);
  });

  it('answers 404 "User doesn\'t exist for you" for someone who is no member there', async () => {
    const member = await addMember(['viewer']);
    expect((await remove(ACME, member.id)).status).toBe(204);
    for (const userId of [member.id, 'U-GLOBEXOWNER', 'U-NOSUCHUSER1']) {
      expect(await remove(ACME, userId), userId).toEqual({ status: 404, body: userNotFound });
    }
  });

  it('refuses to remove the owner, whoever asks, and to remove yourself', async () => {
    const audits = await auditCount(server.db);
    expect(await remove(ACME, OWNER_ID, asAdmin)).toEqual(
      refused('userId', 'The owner cannot be removed'),
    );
    expect(await remove(ACME, OWNER_ID, asOwner)).toEqual(
      refused('userId', 'The owner cannot be removed'),
    );
    expect(await remove(ACME, ADMIN_ID, asAdmin)).toEqual(
      refused('userId', 'You cannot remove yourself'),
    );
    expect(await rolesAt(OWNER_ID)).toEqual(['owner']);
    expect(await rolesAt(ADMIN_ID)).toEqual(['admin']);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses members without delete:team_members, and staff', async () => {
    const member = await addMember(['viewer']);
    for (const email of withoutTeamWrites) {
      expect(await remove(ACME, member.id, { email, customerId: ACME }), email).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect(await rolesAt(member.id)).toEqual(['viewer']);
  });

  it('refuses a path customer other than x-customer-id, a non-member and no token; the path alone names it', async () => {
    const member = await addMember(['viewer'], GLOBEX);
    // An admin of both acting for Acme cannot remove from Globex by the path.
    expect(await remove(GLOBEX, member.id, { email: 'multi@acme.test', customerId: ACME })).toEqual(
      { status: 403, body: forbidden },
    );
    expect(await remove(GLOBEX, member.id, asOwner)).toEqual({ status: 403, body: forbidden });
    expect(
      await remove(GLOBEX, member.id, { email: 'owner@acme.test', customerId: GLOBEX }),
    ).toEqual({ status: 403, body: forbidden });
    expect(await remove(GLOBEX, member.id, { customerId: GLOBEX })).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await rolesAt(member.id, GLOBEX)).toEqual(['viewer']);
    // Its own owner may: the path names the customer, so x-customer-id may be left out.
    expect((await remove(GLOBEX, member.id, { email: 'owner@globex.test' })).status).toBe(204);
  });

  it('answers 422 for malformed ids', async () => {
    expect(await remove(ACME, 'nobody')).toEqual({
      status: 422,
      body: validationError('params.userId'),
    });
    expect(await remove('acme', 'U-ACMEVIEWER')).toEqual({
      status: 422,
      body: validationError('params.customerId'),
    });
  });
});

describe('concurrent changes of access', () => {
  // Permissions are read when a request arrives; a write that changes access reads the actor's
  // membership again, locked, inside its own transaction, or both of two simultaneous demotions
  // pass on roles that one of them has just taken away.
  it('two admins demoting each other at the same moment: one wins, the other is refused', async () => {
    for (let trial = 1; trial <= 8; trial += 1) {
      const a = await addMember(['admin']);
      const b = await addMember(['admin']);
      const answers = await Promise.all([
        setRoles(b.id, { roles: ['viewer'] }, a.call),
        setRoles(a.id, { roles: ['viewer'] }, b.call),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `trial ${trial}`).toEqual([200, 403]);
      const admins = [await rolesAt(a.id), await rolesAt(b.id)].filter((roles) =>
        roles?.includes('admin'),
      );
      expect(admins, `trial ${trial}`).toHaveLength(1);
    }
  });

  it('an admin removing another while being demoted by them: never both', async () => {
    for (let trial = 1; trial <= 8; trial += 1) {
      const a = await addMember(['admin']);
      const b = await addMember(['admin']);
      const [removal, demotion] = await Promise.all([
        remove(ACME, b.id, a.call),
        setRoles(a.id, { roles: ['viewer'] }, b.call),
      ]);
      const outcome = [removal.status, demotion.status];
      // Either a removed b (then b's demotion is refused) or b demoted a first (then a may not remove).
      expect(
        [
          [204, 403],
          [403, 200],
        ],
        `trial ${trial}: ${outcome.join(', ')}`,
      ).toContainEqual(outcome);
    }
  });
});
