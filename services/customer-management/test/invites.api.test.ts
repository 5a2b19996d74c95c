import { createHash } from 'node:crypto';
import {
  errorBody,
  inviteByTokenSchema,
  inviteListSchema,
  inviteSchema,
  type CustomerUser,
  type Invite,
  type InviteByToken,
  type UserActivated,
  type UserMe,
} from '@boon/contracts';
import {
  and,
  auditLog,
  customers,
  eq,
  inviteMails,
  invites,
  memberships,
  sql,
  users,
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
  inviteLinkFor,
  mailCount,
  startServer,
  unauthorized,
  userNotFound,
  validationError,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * Invitations (spec 7): POST, GET and DELETE /user/invite, POST
 * /user/invite/resend and POST /user/activate, each for success, each documented error, a wrong
 * tenant, a missing permission and malformed input. The invitee reads the link from the mail in the
 * outbox, as a person would, and signs in through the identity provider.
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;

const OWNER = 'owner@acme.test';
const ADMIN = 'admin@acme.test';
const DAY = 24 * 60 * 60 * 1000;

const inviteNotFound = { status: 404, code: 'invite_not_found', message: 'Invite not found' };
const missingToken = {
  status: 400,
  code: 'missing_token',
  message: "Missing 'token' from request",
};
const alreadyInvited = {
  status: 409,
  code: 'user_already_invited',
  message: 'User already invited',
};
const alreadyExists = { status: 409, code: 'user_already_exists', message: 'User already exists' };
const alreadyActive = {
  status: 409,
  code: 'user_already_active',
  message: 'User is already active',
};
const tokenRefused = (message: string) => ({
  status: 422,
  code: 'validation_error',
  message: 'ValidationErrorResponse',
  fieldErrors: [{ path: 'token', message }],
});

let counter = 0;
/** A fresh address nobody has used in this file. */
const fresh = (name = 'invitee') => `${name}-${(counter += 1)}@example.org`;

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server);
});
afterAll(() => server?.close());

const invite = (body: unknown, options: CallOptions = { email: OWNER, customerId: ACME }) =>
  client.call<Invite & Record<string, unknown>>('POST', '/user/invite', { ...options, body });
const lookup = (query: string, options: CallOptions) =>
  client.call<Record<string, unknown>>('GET', `/user/invite${query}`, options);
const target = (email: string, customerId = ACME) =>
  `?email=${encodeURIComponent(email)}&customer_id=${customerId}`;
const revoke = (query: string, options: CallOptions = { email: OWNER, customerId: ACME }) =>
  client.call<Record<string, unknown> | undefined>('DELETE', `/user/invite${query}`, options);
const resend = (query: string, options: CallOptions = { email: OWNER, customerId: ACME }) =>
  client.call<Invite & Record<string, unknown>>('POST', `/user/invite/resend${query}`, options);
const activate = (body: unknown, options: CallOptions) =>
  client.call<UserActivated & Record<string, unknown>>('POST', '/user/activate', {
    ...options,
    body,
  });

/** A call whose answer's headers matter (Retry-After), as `who` at `customerId`. */
async function callWithHeaders(
  method: 'POST',
  path: string,
  who: string,
  customerId: string,
  body?: unknown,
) {
  const response = await fetch(`${server.baseUrl}/api/customer-management${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await client.tokenFor(who)}`,
      'x-customer-id': customerId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** Invites `email` to Acme as the owner and returns the invite and the mailed token. */
async function invited(email: string, roles: string[] = ['viewer']) {
  const answer = await invite({ email, roles });
  expect(answer.status).toBe(201);
  const link = await inviteLinkFor(server.db, email);
  return { invite: answer.body, token: link.token, link };
}

async function inviteRow(id: string) {
  const [row] = await server.db.select().from(invites).where(eq(invites.id, id));
  if (!row) throw new Error(`no invite ${id}`);
  return row;
}

async function expire(id: string) {
  await server.db
    .update(invites)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invites.id, id));
}

async function inviteRowsTo(email: string) {
  return server.db
    .select()
    .from(invites)
    .where(eq(sql`lower(${invites.email})`, email.toLowerCase()));
}

/** A user with this address who signed in through the identity provider; options as tokenFor. */
async function invitee(email: string, options: { profile?: boolean } = {}) {
  const user = await createUser(server.db, email, options);
  return { ...user, call: { email } satisfies CallOptions };
}

describe('POST /user/invite', () => {
  it('stores the invite, mails the link with a token and answers 201 with the invite', async () => {
    const email = fresh();
    const before = Date.now();
    const { status, body } = await invite({ email, roles: ['viewer'] });
    expect(status).toBe(201);
    expect(inviteSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      customerId: ACME,
      email,
      roles: ['viewer'],
      invitedBy: 'Olivia Hart',
      expired: false,
    });
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    expect(body.lastSentAt).toBe(body.createdAt);

    const { url, token, mail } = await inviteLinkFor(server.db, email);
    expect(mail).toMatchObject({
      kind: 'invite',
      to: email,
      subject: 'Olivia Hart invited you to Acme Rewards Ltd on Boon',
    });
    expect(mail.text).toContain('Accept invite');
    expect(mail.text).toContain('This invite is valid for 7 days.');
    expect(mail.html).toContain('Accept invite');
    expect(url.origin + url.pathname).toBe(`${server.baseUrl}/invite-link`);
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.search).toContain(`email=${encodeURIComponent(email)}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is stored.
    const row = await inviteRow(body.inviteId);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.tokenHash).not.toContain(token);
    expect(row.invitedByUserId).toBe('U-ACMEOWNER');

    const [audit] = await auditRows(server.db, 'invite.create', body.inviteId);
    expect(audit).toMatchObject({
      actorUserId: 'U-ACMEOWNER',
      customerId: ACME,
      details: { email, roles: ['viewer'] },
    });
  });

  it('lets an admin invite with several roles, and tells the inviter by name', async () => {
    const email = fresh();
    const { status, body } = await invite(
      { email, roles: ['finance_manager', 'service_manager'] },
      { email: ADMIN, customerId: ACME },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      roles: ['finance_manager', 'service_manager'],
      invitedBy: 'Adam Reyes',
    });
    expect((await inviteLinkFor(server.db, email)).mail.subject).toBe(
      'Adam Reyes invited you to Acme Rewards Ltd on Boon',
    );
  });

  it('invites a member of another customer to this one', async () => {
    const { status } = await invite({ email: 'owner@globex.test', roles: ['viewer'] });
    expect(status).toBe(201);
  });

  it('answers 409 "User already invited" while an open invite to the address exists (any case)', async () => {
    const email = fresh();
    await invited(email);
    const audits = await auditCount(server.db);
    expect(await invite({ email: email.toUpperCase(), roles: ['admin'] })).toEqual({
      status: 409,
      body: alreadyInvited,
    });
    expect(await inviteRowsTo(email)).toHaveLength(1);
    expect(await mailCount(server.db, email)).toBe(1);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('answers 409 "User already exists" for a member’s address (any case), naming them', async () => {
    for (const [email, name] of [
      ['viewer@acme.test', 'Victor Lang'],
      ['Multi@ACME.test', 'Mia Torres'],
      ['owner@acme.test', 'Olivia Hart'],
    ] as const) {
      expect(await invite({ email, roles: ['viewer'] }), email).toEqual({
        status: 409,
        // The code keeps the spec's text; the address gets a sentence saying who and where.
        body: {
          ...alreadyExists,
          fieldErrors: [
            {
              path: 'email',
              message: `${name} is already a member of Acme Rewards Ltd. Change their role on Team instead.`,
            },
          ],
        },
      });
      expect(await mailCount(server.db, email), email).toBe(0);
    }
  });

  it('replaces an expired invite: the old one is revoked and its link stops working', async () => {
    const email = fresh();
    const first = await invited(email);
    await expire(first.invite.inviteId);
    const { status, body } = await invite({ email, roles: ['admin'] });
    expect(status).toBe(201);
    expect(body.inviteId).not.toBe(first.invite.inviteId);
    expect((await inviteRow(first.invite.inviteId)).revokedAt).toBeInstanceOf(Date);
    const [revoked] = await auditRows(server.db, 'invite.revoke', first.invite.inviteId);
    expect(revoked?.details).toMatchObject({ email });
    expect(await lookup(`?token=${first.token}`, { email: OWNER })).toEqual({
      status: 422,
      body: tokenRefused('This invite is no longer valid'),
    });
    const second = await inviteLinkFor(server.db, email);
    expect((await lookup(`?token=${second.token}`, { email: OWNER })).status).toBe(200);
  });

  it('answers 429 once the customer sent 100 invite mails in 24 hours; revoked invites count too', async () => {
    const now = Date.now();
    // Globex's 100 invites of the last day, the oldest 23 hours ago; every tenth one revoked.
    const recent = Array.from({ length: 100 }, (_, i) => {
      const createdAt = new Date(now - 23 * 60 * 60 * 1000 + i * 60_000);
      return {
        id: `I-CAP${String(i).padStart(13, '0')}`,
        customerId: GLOBEX,
        email: `capped-${i}@example.org`,
        roles: ['viewer'],
        tokenHash: createHash('sha256').update(`capped-${i}`).digest('hex'),
        createdAt,
        lastSentAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + 7 * DAY),
        revokedAt: i % 10 === 0 ? createdAt : null,
      };
    });
    await server.db.insert(invites).values(recent);
    await server.db
      .insert(inviteMails)
      .values(
        recent.map((row) => ({ customerId: GLOBEX, inviteId: row.id, sentAt: row.createdAt })),
      );
    try {
      const email = fresh('over-the-cap');
      const audits = await auditCount(server.db);
      const refused = await callWithHeaders('POST', '/user/invite', 'owner@globex.test', GLOBEX, {
        email,
        roles: ['viewer'],
      });
      expect(refused).toMatchObject({
        status: 429,
        body: {
          status: 429,
          code: 'invite_limit_reached',
          message: 'This customer has sent too many invites today. Try again tomorrow.',
        },
      });
      // The oldest of the 100 leaves the 24-hour window in an hour.
      const wait = Number(refused.retryAfter);
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(await inviteRowsTo(email)).toEqual([]);
      expect(await mailCount(server.db, email)).toBe(0);
      expect(await auditCount(server.db)).toBe(audits);
      // Another customer is not held back by Globex's invites.
      expect((await invite({ email, roles: ['viewer'] })).status).toBe(201);

      // Once the oldest is more than a day old, Globex may invite again.
      await server.db
        .update(inviteMails)
        .set({ sentAt: new Date(now - 25 * 60 * 60 * 1000) })
        .where(eq(inviteMails.inviteId, 'I-CAP0000000000000'));
      const allowed = await invite(
        { email, roles: ['viewer'] },
        { email: 'owner@globex.test', customerId: GLOBEX },
      );
      expect(allowed.status).toBe(201);
      await revoke(target(email, GLOBEX), { email: 'owner@globex.test', customerId: GLOBEX });
    } finally {
      for (const row of recent) await server.db.delete(invites).where(eq(invites.id, row.id));
    }
  });

  it("never hands out 'owner', and refuses malformed bodies with field errors, changing nothing", async () => {
    const email = fresh();
    const audits = await auditCount(server.db);
    const cases: [unknown, string[]][] = [
      [{ email, roles: ['owner'] }, ['body.roles.0']],
      [{ email, roles: [] }, ['body.roles']],
      [{ email, roles: ['viewer', 'viewer'] }, ['body.roles']],
      [{ email, roles: ['wizard'] }, ['body.roles.0']],
      [{ email, roles: 'viewer' }, ['body.roles']],
      [{ email: 'not-an-address', roles: ['viewer'] }, ['body.email']],
      [{ email: `${'a'.repeat(250)}@example.org`, roles: ['viewer'] }, ['body.email']],
      [{ email: 42, roles: ['viewer'] }, ['body.email']],
      [{ roles: ['viewer'] }, ['body.email']],
      [{ email, roles: ['viewer'], customerId: GLOBEX }, ['body.customerId']],
    ];
    for (const [body, paths] of cases) {
      const answer = await invite(body);
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
      (await client.call('POST', '/user/invite', { email: OWNER, customerId: ACME, rawBody: '{' }))
        .status,
    ).toBe(400);
    expect((await invite(null)).status).toBe(422);
    expect(await inviteRowsTo(email)).toEqual([]);
    expect(await mailCount(server.db, email)).toBe(0);
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('refuses members without write:team_members, and staff', async () => {
    const email = fresh();
    for (const who of [
      'finance@acme.test',
      'manager@acme.test',
      'agent@acme.test',
      'viewer@acme.test',
      'staff@boon.test',
    ]) {
      expect(
        await invite({ email, roles: ['viewer'] }, { email: who, customerId: ACME }),
        who,
      ).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect(await inviteRowsTo(email)).toEqual([]);
  });

  it('refuses a wrong tenant, a call without x-customer-id, and one without a token', async () => {
    const email = fresh();
    const body = { email, roles: ['viewer'] };
    expect(await invite(body, { email: 'owner@globex.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await invite(body, { email: OWNER })).toEqual({ status: 403, body: forbidden });
    expect(await invite(body, { customerId: ACME })).toEqual({ status: 401, body: unauthorized });
    expect(await inviteRowsTo(email)).toEqual([]);
  });
});

describe('GET /user/invite', () => {
  it('looks an invite up by its token, for the invitee who has no backend user yet', async () => {
    const email = fresh();
    const { token, invite: sent } = await invited(email, ['service_agent']);
    const person = await invitee(email, { profile: false });
    const { status, body } = await lookup(`?token=${token}`, person.call);
    expect(status).toBe(200);
    expect(inviteByTokenSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      email,
      customerId: ACME,
      customerName: 'Acme Rewards Ltd',
      roles: ['service_agent'],
      expiresAt: sent.expiresAt,
    } satisfies InviteByToken);
  });

  it('answers 404 for an unknown token and 400 without token or customer_id', async () => {
    expect(await lookup('?token=no-such-token', { email: OWNER })).toEqual({
      status: 404,
      body: inviteNotFound,
    });
    expect(await lookup('', { email: OWNER })).toEqual({ status: 400, body: missingToken });
    expect(await lookup('?token=', { email: OWNER })).toEqual({ status: 400, body: missingToken });
  });

  it('answers 422 on the token field for an expired, a revoked and an accepted invite', async () => {
    const expired = await invited(fresh());
    await expire(expired.invite.inviteId);
    expect(await lookup(`?token=${expired.token}`, { email: OWNER })).toEqual({
      status: 422,
      body: tokenRefused('This invite has expired'),
    });

    const revokedEmail = fresh();
    const revoked = await invited(revokedEmail);
    expect((await revoke(target(revokedEmail))).status).toBe(204);
    expect(await lookup(`?token=${revoked.token}`, { email: OWNER })).toEqual({
      status: 422,
      body: tokenRefused('This invite is no longer valid'),
    });

    const acceptedEmail = fresh();
    const accepted = await invited(acceptedEmail);
    const person = await invitee(acceptedEmail);
    expect((await activate({ token: accepted.token }, person.call)).status).toBe(200);
    expect(await lookup(`?token=${accepted.token}`, person.call)).toEqual({
      status: 422,
      body: tokenRefused('This invite is no longer valid'),
    });
  });

  it("lists the customer's open invites newest first, expired ones flagged, closed ones left out", async () => {
    const older = await invited(fresh('list'));
    const newer = await invited(fresh('list'));
    await server.db
      .update(invites)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(eq(invites.id, older.invite.inviteId));
    await expire(older.invite.inviteId);
    const gone = fresh('list');
    await invited(gone);
    await revoke(target(gone));

    const { status, body } = await client.call<Invite[]>(
      'GET',
      `/user/invite?customer_id=${ACME}`,
      {
        email: 'viewer@acme.test',
        customerId: ACME,
      },
    );
    expect(status).toBe(200);
    expect(inviteListSchema.parse(body)).toEqual(body);
    expect(body.every((item) => item.customerId === ACME)).toBe(true);
    const ids = body.map((item) => item.inviteId);
    expect(ids.indexOf(newer.invite.inviteId)).toBeLessThan(ids.indexOf(older.invite.inviteId));
    expect(body.find((item) => item.inviteId === older.invite.inviteId)?.expired).toBe(true);
    expect(body.find((item) => item.inviteId === newer.invite.inviteId)).toMatchObject({
      expired: false,
      invitedBy: 'Olivia Hart',
    });
    expect(body.map((item) => item.email)).not.toContain(gone);
    const created = body.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(JSON.stringify(body)).not.toMatch(/token/i);
  });

  it('lists invites only with read:team_members at the customer x-customer-id selects', async () => {
    const path = `/user/invite?customer_id=${ACME}`;
    expect(
      await lookup(`?customer_id=${ACME}`, { email: 'agent@acme.test', customerId: ACME }),
    ).toEqual({
      status: 403,
      body: forbidden,
    });
    // Staff hold no team permission at a customer.
    expect(
      (await client.call('GET', path, { email: 'staff@boon.test', customerId: ACME })).status,
    ).toBe(403);
    // The query names the customer; x-customer-id may be left out, but never name another.
    expect((await lookup(`?customer_id=${ACME}`, { email: OWNER })).status).toBe(200);
    expect(
      await lookup(`?customer_id=${ACME}`, { email: 'multi@acme.test', customerId: GLOBEX }),
    ).toEqual({ status: 403, body: forbidden });
    expect(
      await lookup(`?customer_id=${ACME}`, { email: 'owner@globex.test', customerId: ACME }),
    ).toEqual({ status: 403, body: forbidden });
    expect(await lookup(`?customer_id=${ACME}`, { customerId: ACME })).toEqual({
      status: 401,
      body: unauthorized,
    });
  });

  it('answers 422 for malformed query fields', async () => {
    for (const [query, path] of [
      [`?token=${'x'.repeat(201)}`, 'querystring.token'],
      ['?customer_id=acme', 'querystring.customer_id'],
      ['?invite=1', 'querystring.invite'],
    ] as const) {
      expect(await lookup(query, { email: OWNER, customerId: ACME }), query).toEqual({
        status: 422,
        body: validationError(path),
      });
    }
  });
});

describe('DELETE /user/invite', () => {
  it('revokes the open invite (any case of the address): its link stops working; audited', async () => {
    const email = fresh();
    const { invite: sent, token } = await invited(email);
    const { status, body } = await revoke(target(email.toUpperCase()));
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    expect((await inviteRow(sent.inviteId)).revokedAt).toBeInstanceOf(Date);
    expect((await lookup(`?token=${token}`, { email: OWNER })).status).toBe(422);
    const [audit] = await auditRows(server.db, 'invite.revoke', sent.inviteId);
    expect(audit).toMatchObject({ actorUserId: 'U-ACMEOWNER', customerId: ACME });
    // Gone: a second revoke finds nothing, and the address may be invited afresh.
    expect(await revoke(target(email))).toEqual({ status: 404, body: inviteNotFound });
    expect((await invite({ email, roles: ['viewer'] })).status).toBe(201);
  });

  it('revokes an expired invite too, and lets an admin revoke', async () => {
    const email = fresh();
    const { invite: sent } = await invited(email);
    await expire(sent.inviteId);
    expect((await revoke(target(email), { email: ADMIN, customerId: ACME })).status).toBe(204);
  });

  it('answers 404 when the address has no open invite at the customer', async () => {
    expect(await revoke(target(fresh()))).toEqual({ status: 404, body: inviteNotFound });
    // An invite at Acme is not Globex's to revoke.
    const email = fresh();
    await invited(email);
    expect(
      await revoke(target(email, GLOBEX), { email: 'owner@globex.test', customerId: GLOBEX }),
    ).toEqual({ status: 404, body: inviteNotFound });
  });

  it('refuses a customer_id other than x-customer-id, a missing permission and no token', async () => {
    const email = fresh();
    const { invite: sent } = await invited(email);
    const audits = await auditCount(server.db);
    expect(await revoke(target(email), { email: 'multi@acme.test', customerId: GLOBEX })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await revoke(target(email), { email: 'owner@globex.test', customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    for (const who of [
      'finance@acme.test',
      'manager@acme.test',
      'viewer@acme.test',
      'staff@boon.test',
    ]) {
      expect(await revoke(target(email), { email: who, customerId: ACME }), who).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect((await revoke(target(email), { customerId: ACME })).status).toBe(401);
    expect((await inviteRow(sent.inviteId)).revokedAt).toBeNull();
    expect(await auditCount(server.db)).toBe(audits);
  });

  it('answers 422 for a missing or malformed address or customer', async () => {
    for (const [query, paths] of [
      [`?customer_id=${ACME}`, ['querystring.email']],
      ['?email=a%40example.org', ['querystring.customer_id']],
      [`?email=nope&customer_id=${ACME}`, ['querystring.email']],
      ['?email=a%40example.org&customer_id=acme', ['querystring.customer_id']],
      [`${target('a@example.org')}&extra=1`, ['querystring.extra']],
    ] as const) {
      expect(await revoke(query), query).toEqual({ status: 422, body: validationError(...paths) });
    }
  });
});

describe('POST /user/invite/resend', () => {
  it('mails a new link valid afresh; the old link stops working; audited', async () => {
    const email = fresh();
    const first = await invited(email, ['admin']);
    await server.db
      .update(invites)
      .set({
        lastSentAt: new Date(Date.now() - 2 * DAY),
        expiresAt: new Date(Date.now() + 5 * DAY),
      })
      .where(eq(invites.id, first.invite.inviteId));
    const { status, body } = await resend(target(email), { email: ADMIN, customerId: ACME });
    expect(status).toBe(200);
    expect(inviteSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      inviteId: first.invite.inviteId,
      roles: ['admin'],
      expired: false,
    });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY - 5000);
    expect(Date.parse(body.lastSentAt)).toBeGreaterThan(Date.now() - 5000);
    expect(body.createdAt).toBe(first.invite.createdAt);

    expect(await mailCount(server.db, email)).toBe(2);
    const second = await inviteLinkFor(server.db, email);
    expect(second.token).not.toBe(first.token);
    expect(second.mail.subject).toBe('Adam Reyes invited you to Acme Rewards Ltd on Boon');
    expect(await lookup(`?token=${first.token}`, { email: OWNER })).toEqual({
      status: 404,
      body: inviteNotFound,
    });
    expect((await lookup(`?token=${second.token}`, { email: OWNER })).status).toBe(200);
    const [audit] = await auditRows(server.db, 'invite.resend', first.invite.inviteId);
    expect(audit).toMatchObject({ actorUserId: 'U-ACMEADMIN', customerId: ACME });
  });

  it('renews an expired invite', async () => {
    const email = fresh();
    const first = await invited(email);
    await expire(first.invite.inviteId);
    await server.db
      .update(invites)
      .set({ lastSentAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(invites.id, first.invite.inviteId));
    const { status, body } = await resend(target(email));
    expect(status).toBe(200);
    expect(body.expired).toBe(false);
    const { token } = await inviteLinkFor(server.db, email);
    expect((await lookup(`?token=${token}`, { email: OWNER })).status).toBe(200);
  });

  it('answers 429 within a minute of the last mail, with Retry-After, changing nothing', async () => {
    const email = fresh();
    const first = await invited(email);
    const audits = await auditCount(server.db);
    const refused = await callWithHeaders(
      'POST',
      `/user/invite/resend${target(email)}`,
      OWNER,
      ACME,
    );
    expect(refused).toMatchObject({
      status: 429,
      body: {
        status: 429,
        code: 'invite_resend_too_soon',
        message: 'This invite was sent less than a minute ago. Try again in a minute.',
      },
    });
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await mailCount(server.db, email)).toBe(1);
    expect(await auditCount(server.db)).toBe(audits);
    expect((await lookup(`?token=${first.token}`, { email: OWNER })).status).toBe(200);

    // 59 seconds on: still too soon; 61 seconds on: sent again.
    const sentAgo = async (seconds: number) =>
      server.db
        .update(invites)
        .set({ lastSentAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(invites.id, first.invite.inviteId));
    await sentAgo(59);
    expect((await resend(target(email))).status).toBe(429);
    await sentAgo(61);
    expect((await resend(target(email))).status).toBe(200);
    expect(await mailCount(server.db, email)).toBe(2);
    // And the new mail starts the minute again.
    expect((await resend(target(email))).body.code).toBe('invite_resend_too_soon');
  });

  it('resends one invite at most 5 times: the 6th answers 409 and mails nothing', async () => {
    const email = fresh();
    const first = await invited(email);
    const aMinuteAgo = () =>
      server.db
        .update(invites)
        .set({ lastSentAt: new Date(Date.now() - 61_000) })
        .where(eq(invites.id, first.invite.inviteId));
    for (let i = 1; i <= 5; i += 1) {
      await aMinuteAgo();
      expect((await resend(target(email))).status, `resend ${i}`).toBe(200);
    }
    await aMinuteAgo();
    const audits = await auditCount(server.db);
    expect(await resend(target(email))).toEqual({
      status: 409,
      body: errorBody('invite_resend_limit_reached'),
    });
    expect(await mailCount(server.db, email)).toBe(6);
    expect(await auditCount(server.db)).toBe(audits);
    // Revoking and inviting again is still possible, within the customer's daily budget.
    await revoke(target(email));
    expect((await invite({ email, roles: ['viewer'] })).status).toBe(201);
  });

  it("counts resends in the customer's daily budget of 100 invite mails", async () => {
    const now = Date.now();
    // Globex's invite mails of the last day made up to 99 (other tests of this file invite at
    // Globex too), one per invite, the oldest 23 hours ago.
    const [sent] = await server.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(inviteMails)
      .where(eq(inviteMails.customerId, GLOBEX));
    const recent = Array.from({ length: 99 - (sent?.count ?? 0) }, (_, i) => {
      const createdAt = new Date(now - 23 * 60 * 60 * 1000 + i * 60_000);
      return {
        id: `I-BUDGET${String(i).padStart(10, '0')}`,
        customerId: GLOBEX,
        email: `budget-${i}@example.org`,
        roles: ['viewer'],
        tokenHash: createHash('sha256').update(`budget-${i}`).digest('hex'),
        createdAt,
        lastSentAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + 7 * DAY),
      };
    });
    await server.db.insert(invites).values(recent);
    await server.db
      .insert(inviteMails)
      .values(
        recent.map((row) => ({ customerId: GLOBEX, inviteId: row.id, sentAt: row.createdAt })),
      );
    const globexOwner = { email: 'owner@globex.test', customerId: GLOBEX };
    try {
      // The 100th mail of the day is a resend; after it, neither a new invite nor a resend.
      expect((await resend(target('budget-1@example.org', GLOBEX), globexOwner)).status).toBe(200);
      const refused = await invite({ email: fresh('over-budget'), roles: ['viewer'] }, globexOwner);
      expect(refused).toEqual({ status: 429, body: errorBody('invite_limit_reached') });
      expect((await resend(target('budget-2@example.org', GLOBEX), globexOwner)).body.code).toBe(
        'invite_limit_reached',
      );
      expect(await mailCount(server.db, 'budget-2@example.org')).toBe(0);
    } finally {
      for (const row of recent) await server.db.delete(invites).where(eq(invites.id, row.id));
    }
  });

  it('answers 404 without an open invite (never sent, or revoked)', async () => {
    expect(await resend(target(fresh()))).toEqual({ status: 404, body: inviteNotFound });
    const email = fresh();
    await invited(email);
    await revoke(target(email));
    expect(await resend(target(email))).toEqual({ status: 404, body: inviteNotFound });
    expect(await mailCount(server.db, email)).toBe(1);
  });

  it('refuses a customer_id other than x-customer-id, a missing permission and no token', async () => {
    const email = fresh();
    await invited(email);
    expect(await resend(target(email), { email: 'multi@acme.test', customerId: GLOBEX })).toEqual({
      status: 403,
      body: forbidden,
    });
    for (const who of [
      'finance@acme.test',
      'agent@acme.test',
      'viewer@acme.test',
      'staff@boon.test',
    ]) {
      expect(await resend(target(email), { email: who, customerId: ACME }), who).toEqual({
        status: 403,
        body: forbidden,
      });
    }
    expect((await resend(target(email), { customerId: ACME })).status).toBe(401);
    expect(await mailCount(server.db, email)).toBe(1);
  });

  it('answers 422 for malformed query fields', async () => {
    expect(await resend(`?email=nope&customer_id=${ACME}`)).toEqual({
      status: 422,
      body: validationError('querystring.email'),
    });
    // The customer is the request's tenant, checked before the other fields.
    expect(await resend('')).toEqual({
      status: 422,
      body: validationError('querystring.customer_id'),
    });
  });
});

describe('POST /user/activate', () => {
  it('accepts the invite read from the mail: the invitee joins with its roles, verified', async () => {
    const email = fresh('joiner');
    const { invite: sent } = await invited(email, ['service_agent']);
    const person = await invitee(email);
    // The token is signed in first; the address is unverified until the link proves it.
    await client.tokenFor(email);
    await server.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const { token } = await inviteLinkFor(server.db, email);

    expect((await lookup(`?token=${token}`, person.call)).status).toBe(200);
    const { status, body } = await activate({ token }, person.call);
    expect(status).toBe(200);
    expect(body).toEqual({ customerId: ACME, roles: ['service_agent'] });

    const [member] = await server.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, person.id), eq(memberships.customerId, ACME)));
    expect(member?.roles).toEqual(['service_agent']);
    expect((await inviteRow(sent.inviteId)).acceptedAt).toBeInstanceOf(Date);
    const [row] = await server.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.emailVerified).toBe(true);

    // The new member acts for the customer at once, with the invited role's permissions.
    const me = await client.call<UserMe>('GET', '/user/me', { ...person.call, customerId: ACME });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      customerIds: [ACME],
      roles: ['service_agent'],
      emailVerified: true,
    });
    expect(me.body.permissions).toContain('cancel:orders');
    expect(me.body.permissions).not.toContain('read:team_members');
    const team = await client.call<CustomerUser[]>('GET', `/customer/${ACME}/users`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(team.body.find((user) => user.emailAddress === email)?.roles).toEqual(['service_agent']);
    // No longer listed as an open invite.
    const open = await client.call<Invite[]>('GET', `/user/invite?customer_id=${ACME}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(open.body.map((item) => item.email)).not.toContain(email);

    const [accepted] = await auditRows(server.db, 'invite.accept', sent.inviteId);
    expect(accepted).toMatchObject({ actorUserId: person.id, customerId: ACME });
    const [joined] = await auditRows(server.db, 'membership.create', person.id);
    expect(joined).toMatchObject({
      customerId: ACME,
      details: { customerId: ACME, roles: ['service_agent'] },
    });

    // A second click on the same link.
    expect(await activate({ token }, person.call)).toEqual({ status: 409, body: alreadyActive });
  });

  it('matches the address case-insensitively', async () => {
    const email = fresh('Mixed.Case');
    const { token } = await invited(email, ['viewer']);
    const person = await invitee(email.toLowerCase());
    expect(await activate({ token }, person.call)).toEqual({
      status: 200,
      body: { customerId: ACME, roles: ['viewer'] },
    });
  });

  it('answers 400 "Missing \'token\' from request" without a token', async () => {
    const person = await invitee(fresh());
    expect(await activate({}, person.call)).toEqual({ status: 400, body: missingToken });
    expect(await activate({ token: '' }, person.call)).toEqual({ status: 400, body: missingToken });
    expect(await activate(undefined, person.call)).toEqual({ status: 400, body: missingToken });
  });

  it('answers 404 "Invite not found" for an unknown token', async () => {
    const person = await invitee(fresh());
    expect(await activate({ token: 'x'.repeat(43) }, person.call)).toEqual({
      status: 404,
      body: inviteNotFound,
    });
  });

  it('answers 422 for an expired, a revoked and a used invite, and changes nothing', async () => {
    const expiredEmail = fresh();
    const expired = await invited(expiredEmail);
    await expire(expired.invite.inviteId);
    const late = await invitee(expiredEmail);
    const audits = await auditCount(server.db);
    expect(await activate({ token: expired.token }, late.call)).toEqual({
      status: 422,
      body: tokenRefused('This invite has expired'),
    });
    expect(await auditCount(server.db)).toBe(audits);

    const revokedEmail = fresh();
    const revoked = await invited(revokedEmail);
    await revoke(target(revokedEmail));
    const dropped = await invitee(revokedEmail);
    const afterRevoke = await auditCount(server.db);
    expect(await activate({ token: revoked.token }, dropped.call)).toEqual({
      status: 422,
      body: tokenRefused('This invite is no longer valid'),
    });
    expect(await auditCount(server.db)).toBe(afterRevoke);

    for (const person of [late, dropped]) {
      const rows = await server.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, person.id));
      expect(rows).toEqual([]);
    }
    expect((await inviteRow(expired.invite.inviteId)).acceptedAt).toBeNull();

    // Used, then the member was removed: the old link does not bring them back.
    const usedEmail = fresh();
    const used = await invited(usedEmail);
    const removed = await invitee(usedEmail);
    expect((await activate({ token: used.token }, removed.call)).status).toBe(200);
    expect(
      (
        await client.call('DELETE', `/customer/${ACME}/user/${removed.id}`, {
          email: OWNER,
          customerId: ACME,
        })
      ).status,
    ).toBe(204);
    expect(await activate({ token: used.token }, removed.call)).toEqual({
      status: 422,
      body: tokenRefused('This invite is no longer valid'),
    });
  });

  it('answers 422 when the invite was sent to another address', async () => {
    const { token, invite: sent } = await invited(fresh('intended'));
    const other = await invitee(fresh('someone-else'));
    expect(await activate({ token }, other.call)).toEqual({
      status: 422,
      body: tokenRefused('This invite was sent to another e-mail address'),
    });
    expect((await inviteRow(sent.inviteId)).acceptedAt).toBeNull();
  });

  it('answers 404 "User doesn\'t exist for you" before the backend user is created', async () => {
    const email = fresh();
    const { token, invite: sent } = await invited(email);
    const person = await invitee(email, { profile: false });
    expect(await activate({ token }, person.call)).toEqual({ status: 404, body: userNotFound });
    expect((await inviteRow(sent.inviteId)).acceptedAt).toBeNull();
  });

  it('answers 409 "User is already active" for a member of the customer', async () => {
    // An invite to a member cannot be sent; one that predates the membership is found so.
    const email = fresh();
    const { token } = await invited(email);
    const person = await invitee(email);
    await server.db
      .insert(memberships)
      .values({ userId: person.id, customerId: ACME, roles: ['viewer'] });
    expect(await activate({ token }, person.call)).toEqual({
      status: 409,
      body: alreadyActive,
    });
  });

  it('refuses malformed bodies, a customer the user does not belong to, and no token', async () => {
    const email = fresh();
    const { token } = await invited(email);
    const person = await invitee(email);
    for (const [body, path] of [
      [{ token: 42 }, 'body.token'],
      [{ token: 'x'.repeat(201) }, 'body.token'],
      [{ token, customerId: ACME }, 'body.customerId'],
      [[token], 'body'],
    ] as const) {
      expect(await activate(body, person.call), JSON.stringify(body)).toEqual({
        status: 422,
        body: validationError(path),
      });
    }
    expect(await activate({ token }, { ...person.call, customerId: ACME })).toEqual({
      status: 403,
      body: forbidden,
    });
    expect(await activate({ token }, {})).toEqual({ status: 401, body: unauthorized });
    // Still acceptable after all that.
    expect((await activate({ token }, person.call)).status).toBe(200);
  });
});

describe('concurrent changes of access', () => {
  // An invite gives access, so its writes read the inviter's roles again, locked, inside their
  // own transaction: otherwise an admin demoted at the same moment invites, revokes or resends
  // on the roles the request arrived with, which were just taken away.
  const TEAM = 'C-RACE0001';
  let counter = 0;
  beforeAll(async () => {
    // A customer of its own, so these invites use no one else's daily budget of mails.
    await server.db.insert(customers).values({
      id: TEAM,
      name: 'Race Ltd',
      featureFlags: {
        balances: { enabled: false, floats: [], cardFees: false },
        fx: false,
        breakage: false,
        discounts: false,
      },
    });
  });

  /** An admin of the race's customer, signed in already so that their requests go out at once. */
  async function addAdmin() {
    const user = await createUser(server.db, `race-admin-${(counter += 1)}@example.org`);
    await server.db
      .insert(memberships)
      .values({ userId: user.id, customerId: TEAM, roles: ['admin'] });
    await client.tokenFor(user.email);
    return { ...user, call: { email: user.email, customerId: TEAM } };
  }

  /** An open invite to a fresh address, its mail sent long enough ago to be sent again. */
  async function openInvite(by: CallOptions) {
    const email = fresh('race');
    const created = await invite({ email, roles: ['viewer'] }, by);
    expect(created.status).toBe(201);
    await server.db
      .update(invites)
      .set({ lastSentAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(invites.id, created.body.inviteId));
    return { email, inviteId: created.body.inviteId };
  }

  const writes = {
    create: {
      action: 'invite.create',
      done: 201,
      method: 'POST',
      prepare: async (_by: CallOptions) => ({ email: fresh('race'), inviteId: undefined }),
      path: () => '/user/invite',
      body: (email: string) => ({ email, roles: ['viewer'] }),
    },
    revoke: {
      action: 'invite.revoke',
      done: 204,
      method: 'DELETE',
      prepare: openInvite,
      path: (email: string) => `/user/invite${target(email, TEAM)}`,
      body: () => ({}),
    },
    resend: {
      action: 'invite.resend',
      done: 200,
      method: 'POST',
      prepare: openInvite,
      path: (email: string) => `/user/invite/resend${target(email, TEAM)}`,
      body: () => ({}),
    },
  } as const;
  const kinds = Object.keys(writes) as (keyof typeof writes)[];

  const demote = (who: { id: string }, by: { call: CallOptions }) =>
    client.call('PUT', `/user/${who.id}/roles`, { ...by.call, body: { roles: ['viewer'] } });

  /** The write as `a`, its body held back until `finish` is called. */
  async function heldBack(kind: keyof typeof writes, email: string, as: CallOptions) {
    const write = writes[kind];
    const body = JSON.stringify(write.body(email));
    let finish = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 1)));
        finish = () => {
          controller.enqueue(new TextEncoder().encode(body.slice(1)));
          controller.close();
        };
      },
    });
    const answer = fetch(`${server.baseUrl}/api/customer-management${write.path(email)}`, {
      method: write.method,
      headers: {
        authorization: `Bearer ${await client.tokenFor(as.email!)}`,
        'x-customer-id': TEAM,
        'content-type': 'application/json',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    let answered = false;
    void answer.then(() => (answered = true));
    return { answer, finish: () => finish(), answered: () => answered };
  }

  /** What a refused write must leave as it was: the invite's rows, its mails, its audit. */
  async function inviteRecords(email: string, actorUserId: string) {
    return {
      invites: await inviteRowsTo(email),
      mails: await mailCount(server.db, email),
      audit: await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.customerId, TEAM))),
    };
  }

  it.each(kinds)(
    'an admin demoted between the permission check and the %s: refused, nothing written',
    async (kind) => {
      const helper = await addAdmin();
      const a = await addAdmin();
      const b = await addAdmin();
      const { email } = await writes[kind].prepare(helper.call);
      const before = await inviteRecords(email, a.id);
      // The request's permission is checked when its headers arrive; its body is held back, so
      // its transaction starts only after the demotion committed.
      const write = await heldBack(kind, email, a.call);
      // Answered after the write's headers were read: its check passed on a's roles as admin.
      expect((await client.call('GET', '/user/me', a.call)).status).toBe(200);
      expect(write.answered(), 'the write was answered before its body was sent').toBe(false);
      expect((await demote(a, b)).status).toBe(200);
      write.finish();
      const answer = await write.answer;
      expect(answer.status, await answer.clone().text()).toBe(403);
      expect(await answer.json()).toEqual(forbidden);
      expect(await inviteRecords(email, a.id)).toEqual(before);
    },
  );

  it.each(kinds)(
    'an admin who tries to %s an invite while being demoted: written before the demotion, or refused',
    async (kind) => {
      const write = writes[kind];
      const helper = await addAdmin();
      for (let trial = 1; trial <= 4; trial += 1) {
        const a = await addAdmin();
        const b = await addAdmin();
        const { email, inviteId } = await write.prepare(helper.call);
        const before = await inviteRecords(email, a.id);
        const run = () =>
          client.call<Record<string, unknown> | undefined>(write.method, write.path(email), {
            ...a.call,
            body: write.body(email),
          });
        // Sent in both orders: whichever arrives first, the other is in flight meanwhile.
        const [answer, demotion] =
          trial % 2 === 0
            ? await Promise.all([run(), demote(a, b)])
            : await Promise.all([demote(a, b), run()]).then(([d, w]) => [w, d] as const);
        const label = `trial ${trial}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(demotion.status, label).toBe(200);
        expect([write.done, 403], label).toContain(answer.status);

        const [demoted] = await auditRows(server.db, 'membership.roles.update', a.id);
        const after = await inviteRecords(email, a.id);
        if (answer.status === 403) {
          expect(after, label).toEqual(before);
        } else {
          // Written while a was still an admin: before the demotion, never after it.
          const [written] = after.audit.filter((row) => row.action === write.action);
          expect(written?.target, label).toBe(inviteId ?? answer.body?.inviteId);
          expect(written!.id, label).toBeLessThan(demoted!.id);
        }
      }
    },
  );
});
