import { randomUUID } from 'node:crypto';
import { auditLog, and, eq, idempotencyKeys, sql, users, type Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { AppError, requireAuth, withRequestTransaction } from '@boon/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PRUNE_IDEMPOTENCY_KEYS_CRON,
  PRUNE_IDEMPOTENCY_KEYS_QUEUE,
  pruneIdempotencyKeys,
} from '../src/idempotency/prune-idempotency-keys.js';
import { idempotencyPlugin } from '../src/plugins/idempotency.js';
import { startTestServer, type TestServer } from './test-server.js';

const ACME = 'C-ACME0001';
const GLOBEX = 'C-GLOBEX01';
const EFFECT = 'test.idempotent-effect';
const ROUTE = 'POST /api/test-idempotency/effects/:slot';

/** A request the test holds inside its handler until it lets it go. */
interface Hold {
  entered: Promise<void>;
  enter(): void;
  release(): void;
  released: Promise<void>;
}
function newHold(): Hold {
  const hold = {} as Hold;
  hold.entered = new Promise((resolve) => (hold.enter = resolve));
  hold.released = new Promise((resolve) => (hold.release = resolve));
  return hold;
}

const holds = new Map<string, Hold>();
/** Slots whose next run writes its effect and then fails with a 500. */
const failNext = new Set<string>();

/**
 * Test routes with a real effect: an audit row per run, written in the request's transaction, so
 * counting rows counts effects. The answer carries the row id, so two answers of two runs differ.
 */
function addEffectRoutes(app: FastifyInstance, db: Database): void {
  const effectBody = z.object({
    amount: z.number().int(),
    note: z.string().optional(),
    hold: z.string().optional(),
    refuse: z.boolean().optional(),
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test-idempotency/effects/:slot',
    {
      config: { access: 'authenticated', idempotency: true },
      schema: { params: z.object({ slot: z.string() }), body: effectBody },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { slot } = request.params;
      const hold = request.body.hold ? holds.get(request.body.hold) : undefined;
      if (hold) {
        hold.enter();
        await hold.released;
      }
      const row = await withRequestTransaction(request, db, async (tx) => {
        const [inserted] = await tx
          .insert(auditLog)
          .values({
            actorUserId: auth.user?.id ?? null,
            customerId: auth.customerId ?? null,
            action: EFFECT,
            target: slot,
            details: request.body,
          })
          .returning({ id: auditLog.id });
        if (!inserted) throw new Error('no effect written');
        if (request.body.refuse) {
          throw new AppError('validation_error', [{ path: 'amount', message: 'Not today' }]);
        }
        if (failNext.delete(slot)) throw new Error('the effect failed after writing');
        return inserted;
      });
      return reply
        .code(201)
        .header('location', `/api/test-idempotency/effects/${slot}/${row.id}`)
        .send({ effectId: row.id, slot, amount: request.body.amount });
    },
  );
  // Several works in one request, each writing a row (its step's number) and failing after it
  // when told to; the handler carries on past a failure, as a handler that catches one would.
  typed.post(
    '/api/test-idempotency/steps/:slot',
    {
      config: { access: 'authenticated', idempotency: true },
      schema: {
        params: z.object({ slot: z.string() }),
        body: z.object({ steps: z.array(z.enum(['write', 'fail', 'nest'])) }),
      },
    },
    async (request, reply) => {
      const outcomes: string[] = [];
      for (const [step, kind] of request.body.steps.entries()) {
        try {
          await withRequestTransaction(request, db, async (tx) => {
            const write = (row: number) =>
              tx
                .insert(auditLog)
                .values({ action: EFFECT, target: request.params.slot, details: { step: row } });
            await write(step);
            if (kind === 'fail') throw new Error(`step ${step} failed after writing`);
            if (kind === 'nest') {
              // A work inside this one fails after writing (row step + 100); this one carries on.
              await withRequestTransaction(request, db, async (inner) => {
                await inner.insert(auditLog).values({
                  action: EFFECT,
                  target: request.params.slot,
                  details: { step: step + 100 },
                });
                throw new Error('the inner work failed after writing');
              }).catch(() => undefined);
              await write(step + 200);
            }
          });
          outcomes.push('written');
        } catch {
          outcomes.push('undone');
        }
      }
      return reply.code(201).send({ outcomes });
    },
  );
  typed.post(
    '/api/test-idempotency/optional/:slot',
    {
      config: { access: 'authenticated', idempotency: { required: false } },
      schema: { params: z.object({ slot: z.string() }), body: effectBody },
    },
    async (request, reply) => {
      const row = await withRequestTransaction(request, db, async (tx) => {
        const [inserted] = await tx
          .insert(auditLog)
          .values({ action: EFFECT, target: request.params.slot, details: request.body })
          .returning({ id: auditLog.id });
        return inserted;
      });
      return reply.code(201).send({ effectId: row?.id });
    },
  );
}

let server: TestServer;
let multiUserToken: string;
let ownerToken: string;
let multiUserId: string;

async function tokenFor(email: string): Promise<{ id: string; token: string }> {
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no demo user ${email}`);
  const now = Math.floor(Date.now() / 1000);
  const token = await server.signWithIssuerKey({
    iss: server.config.oidc.issuer,
    aud: server.config.oidc.audience,
    sub: user.id,
    email,
    email_verified: true,
    iat: now,
    exp: now + 3600,
  });
  return { id: user.id, token };
}

beforeAll(async () => {
  server = await startTestServer({}, addEffectRoutes);
  ({ id: multiUserId, token: multiUserToken } = await tokenFor('multi@acme.test'));
  ({ token: ownerToken } = await tokenFor('owner@globex.test'));
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  text: string;
  replayed: string | null;
  retryAfter: string | null;
  location: string | null;
  contentType: string | null;
}

async function post(
  path: string,
  body: unknown,
  options: { key?: string; customerId?: string | null; token?: string; prefer?: string } = {},
): Promise<Answer> {
  const customerId = options.customerId === undefined ? ACME : options.customerId;
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.token ?? multiUserToken}`,
      'content-type': 'application/json',
      ...(customerId ? { 'x-customer-id': customerId } : {}),
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      ...(options.prefer ? { prefer: options.prefer } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get('idempotent-replayed'),
    retryAfter: response.headers.get('retry-after'),
    location: response.headers.get('location'),
    contentType: response.headers.get('content-type'),
  };
}

const effectPath = (slot: string) => `/api/test-idempotency/effects/${slot}`;

async function effects(slot: string): Promise<number> {
  const [row] = await server.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, EFFECT), eq(auditLog.target, slot)));
  return row?.count ?? 0;
}

async function keyRow(key: string) {
  const [row] = await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  return row;
}

/** A fresh slot (the effect's target) and key for one test, so tests never see each other's rows. */
function fresh(): { slot: string; key: string } {
  return { slot: `slot-${randomUUID()}`, key: randomUUID() };
}

const errorOf = (answer: Answer) => JSON.parse(answer.text) as { status: number; code: string };

describe('the Idempotency-Key header', () => {
  it('is required where declared: 400 without it, and nothing happens', async () => {
    const { slot } = fresh();
    const answer = await post(effectPath(slot), { amount: 5 });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      status: 400,
      code: 'idempotency_key_missing',
      message:
        'This request needs an Idempotency-Key header. Send a new unique key, such as a UUID, with each new request and the same key when you retry it.',
    });
    expect(await effects(slot)).toBe(0);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé-de-commande'],
    ['an unterminated quoted string', '"abc'],
  ])('is refused with 400 when %s', async (_label, key) => {
    const { slot } = fresh();
    const answer = await post(effectPath(slot), { amount: 5 }, { key });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('idempotency_key_invalid');
    expect(await effects(slot)).toBe(0);
  });

  it('is optional where declared so: without it every request runs', async () => {
    const slot = `optional-${randomUUID()}`;
    const first = await post(`/api/test-idempotency/optional/${slot}`, { amount: 1 });
    const second = await post(`/api/test-idempotency/optional/${slot}`, { amount: 1 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.text).not.toBe(second.text);
    expect(await effects(slot)).toBe(2);

    const key = randomUUID();
    const keyed = await post(`/api/test-idempotency/optional/${slot}`, { amount: 1 }, { key });
    const replay = await post(`/api/test-idempotency/optional/${slot}`, { amount: 1 }, { key });
    expect(replay.text).toBe(keyed.text);
    expect(replay.replayed).toBe('true');
    expect(await effects(slot)).toBe(3);
  });
});

describe('a retry', () => {
  it('gets the first status, body and headers again, marked as replayed, with one effect', async () => {
    const { slot, key } = fresh();
    const first = await post(effectPath(slot), { amount: 500, note: 'thanks' }, { key });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const second = await post(effectPath(slot), { amount: 500, note: 'thanks' }, { key });
    expect(second).toEqual({ ...first, replayed: 'true' });
    expect(await effects(slot)).toBe(1);
  });

  it('is the same request whatever the JSON key order and whichever header form', async () => {
    const { slot, key } = fresh();
    const first = await post(effectPath(slot), '{"amount":7,"note":"a"}', { key });
    const second = await post(effectPath(slot), '{ "note": "a", "amount": 7 }', {
      key: `"${key}"`,
    });
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.replayed).toBe('true');
    expect(await effects(slot)).toBe(1);
  });

  it('with another body is refused with 422, and nothing more happens', async () => {
    const { slot, key } = fresh();
    await post(effectPath(slot), { amount: 500 }, { key });
    const answer = await post(effectPath(slot), { amount: 501 }, { key });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toEqual({
      status: 422,
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request, or resend the original request unchanged.',
    });
    expect(await effects(slot)).toBe(1);
  });

  it('for another resource of the same route is another request: 422', async () => {
    const { slot, key } = fresh();
    await post(effectPath(slot), { amount: 500 }, { key });
    const answer = await post(effectPath(`${slot}-other`), { amount: 500 }, { key });
    expect(answer.status).toBe(422);
    expect(await effects(`${slot}-other`)).toBe(0);
  });

  it('of a refused request (4xx) gets the refusal again, and the refused effect never happened', async () => {
    const { slot, key } = fresh();
    const first = await post(effectPath(slot), { amount: 5, refuse: true }, { key });
    expect(first.status).toBe(422);
    expect(errorOf(first).code).toBe('validation_error');
    const second = await post(effectPath(slot), { amount: 5, refuse: true }, { key });
    expect(second).toEqual({ ...first, replayed: 'true' });
    expect(await effects(slot)).toBe(0);
  });

  it('of a failed request (5xx) runs again: the failure is not kept and its effect was undone', async () => {
    const { slot, key } = fresh();
    failNext.add(slot);
    const first = await post(effectPath(slot), { amount: 5 }, { key });
    expect(first.status).toBe(500);
    expect(await effects(slot)).toBe(0);
    expect(await keyRow(key)).toBeUndefined();

    const second = await post(effectPath(slot), { amount: 5 }, { key });
    expect(second.status).toBe(201);
    expect(second.replayed).toBeNull();
    expect(await effects(slot)).toBe(1);
  });
});

describe("a request's writes", () => {
  /** The steps whose rows are in the database, in order. */
  async function stepsKept(slot: string): Promise<number[]> {
    const rows = await server.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, EFFECT), eq(auditLog.target, slot)));
    return rows.map((row) => (row.details as { step: number }).step).sort((a, b) => a - b);
  }

  it.each([
    [['fail'], []],
    [['fail', 'write'], [1]],
    [['fail', 'fail', 'write'], [2]],
    [['write', 'fail'], [0]],
    [
      ['write', 'fail', 'write'],
      [0, 2],
    ],
    [
      ['write', 'write'],
      [0, 1],
    ],
    [['nest'], [0, 200]],
    [
      ['write', 'nest', 'fail'],
      [0, 1, 201],
    ],
    [
      ['fail', 'nest'],
      [1, 201],
    ],
  ] as const)(
    'in works %j: a failed work undoes its own writes only, %j are kept with the answer',
    async (steps, kept) => {
      const { slot, key } = fresh();
      const first = await post(`/api/test-idempotency/steps/${slot}`, { steps }, { key });
      expect(first.status).toBe(201);
      expect(JSON.parse(first.text)).toEqual({
        outcomes: steps.map((kind) => (kind === 'fail' ? 'undone' : 'written')),
      });
      expect(await stepsKept(slot)).toEqual(kept);
      const replay = await post(`/api/test-idempotency/steps/${slot}`, { steps }, { key });
      expect(replay).toEqual({ ...first, replayed: 'true' });
      expect(await stepsKept(slot)).toEqual(kept);
    },
  );
});

describe('keys are kept per customer, or per user without one', () => {
  it('lets another customer, and the user alone, use the same key for their own requests', async () => {
    const { slot, key } = fresh();
    const acme = await post(effectPath(slot), { amount: 5 }, { key, customerId: ACME });
    const globex = await post(effectPath(slot), { amount: 5 }, { key, customerId: GLOBEX });
    const alone = await post(effectPath(slot), { amount: 5 }, { key, customerId: null });
    expect([acme.status, globex.status, alone.status]).toEqual([201, 201, 201]);
    expect(new Set([acme.text, globex.text, alone.text]).size).toBe(3);
    expect([acme.replayed, globex.replayed, alone.replayed]).toEqual([null, null, null]);
    expect(await effects(slot)).toBe(3);

    const rows = await server.db
      .select({ scope: idempotencyKeys.scope, route: idempotencyKeys.route })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(rows.map((row) => row.scope).sort()).toEqual(
      [`customer:${ACME}`, `customer:${GLOBEX}`, `user:${multiUserId}`].sort(),
    );
    expect(new Set(rows.map((row) => row.route))).toEqual(new Set([ROUTE]));
  });

  it('lets another user of another customer use the same key', async () => {
    const { slot, key } = fresh();
    const acme = await post(effectPath(slot), { amount: 5 }, { key, customerId: ACME });
    const globex = await post(
      effectPath(slot),
      { amount: 5 },
      { key, customerId: GLOBEX, token: ownerToken },
    );
    expect([acme.status, globex.status]).toEqual([201, 201]);
    expect(globex.replayed).toBeNull();
    expect(await effects(slot)).toBe(2);
  });
});

describe('a key still in flight', () => {
  it('answers 409 with Retry-After when the first request is still running after the wait', async () => {
    const { slot, key } = fresh();
    const hold = newHold();
    holds.set(key, hold);
    const body = { amount: 5, hold: key };
    const first = post(effectPath(slot), body, { key });
    await hold.entered;

    const impatient = await post(effectPath(slot), body, { key, prefer: 'wait=0' });
    expect(impatient.status).toBe(409);
    expect(impatient.retryAfter).toBe('1');
    expect(errorOf(impatient)).toEqual({
      status: 409,
      code: 'idempotency_key_in_flight',
      message:
        'This request is already being processed. Wait a moment, then check whether it went through before trying again.',
    });
    // Waits its second, the first still held, then gives up the same way.
    const waited = await post(effectPath(slot), body, { key, prefer: 'wait=1' });
    expect(waited.status).toBe(409);
    expect(waited.retryAfter).toBe('1');

    hold.release();
    expect((await first).status).toBe(201);
    expect(await effects(slot)).toBe(1);
  });

  it('gives a duplicate sent meanwhile the first answer once the first request ends', async () => {
    const { slot, key } = fresh();
    const hold = newHold();
    holds.set(key, hold);
    const body = { amount: 5, hold: key };
    const first = post(effectPath(slot), body, { key });
    await hold.entered;
    // However the two interleave (the duplicate waiting on the first, or arriving after it
    // ended), the duplicate gets the first answer, never a 409 or a second effect.
    const duplicate = post(effectPath(slot), body, { key });
    hold.release();
    const [one, two] = await Promise.all([first, duplicate]);
    expect(one.status).toBe(201);
    expect(two).toEqual({ ...one, replayed: 'true' });
    expect(await effects(slot)).toBe(1);
  });

  it('claimed by another process: polls until that process records the answer, then replays it', async () => {
    const { slot, key } = fresh();
    const model = fresh();
    const first = await post(effectPath(slot), { amount: 9 }, { key: model.key });
    const recorded = await keyRow(model.key);
    if (!recorded) throw new Error('no key recorded');
    // The same request, claimed under another key by "another process", still running.
    await server.db.insert(idempotencyKeys).values({
      scope: recorded.scope,
      route: recorded.route,
      key,
      fingerprint: recorded.fingerprint,
      lockToken: randomUUID(),
      lockedAt: sql`now()`,
    });

    const impatient = await post(effectPath(slot), { amount: 9 }, { key, prefer: 'wait=0' });
    expect(impatient.status).toBe(409);

    const waiting = post(effectPath(slot), { amount: 9 }, { key });
    await server.db
      .update(idempotencyKeys)
      .set({
        lockToken: null,
        lockedAt: null,
        responseStatus: recorded.responseStatus,
        responseHeaders: recorded.responseHeaders,
        responseBody: recorded.responseBody,
        completedAt: sql`now()`,
      })
      .where(eq(idempotencyKeys.key, key));
    expect(await waiting).toEqual({ ...first, replayed: 'true' });
    expect(await effects(slot)).toBe(1);
  });

  it('left behind by a crashed process is claimed again once its lease ran out', async () => {
    const { slot, key } = fresh();
    const model = fresh();
    await post(effectPath(slot), { amount: 3 }, { key: model.key });
    const recorded = await keyRow(model.key);
    if (!recorded) throw new Error('no key recorded');
    await server.db.insert(idempotencyKeys).values({
      scope: recorded.scope,
      route: recorded.route,
      key,
      fingerprint: recorded.fingerprint,
      lockToken: randomUUID(),
      lockedAt: sql`now() - interval '2 minutes'`,
    });

    const retry = await post(effectPath(slot), { amount: 3 }, { key, prefer: 'wait=0' });
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBeNull();
    expect(await effects(slot)).toBe(2);
    expect((await keyRow(key))?.completedAt).not.toBeNull();
  });

  it('cannot commit a second effect after its lease ran out and another request took the key over', async () => {
    const { slot, key } = fresh();
    const hold = newHold();
    holds.set(key, hold);
    const body = { amount: 5, hold: key };
    const slow = post(effectPath(slot), body, { key });
    await hold.entered;
    // The slow request outlives its lease; a retry claims the key and finishes first.
    await server.db
      .update(idempotencyKeys)
      .set({ lockedAt: sql`now() - interval '2 minutes'` })
      .where(eq(idempotencyKeys.key, key));
    holds.delete(key);
    const takeover = await post(effectPath(slot), body, { key });
    expect(takeover.status).toBe(201);

    hold.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(errorOf(late).code).toBe('idempotency_key_in_flight');
    expect(await effects(slot)).toBe(1);
    expect(await post(effectPath(slot), body, { key })).toEqual({
      ...takeover,
      replayed: 'true',
    });
  });
});

describe('500 concurrent duplicates', () => {
  it('produce exactly one effect and 500 identical answers', async () => {
    const { slot, key } = fresh();
    const body = { amount: 1250, note: 'bonus' };
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => post(effectPath(slot), body, { key })),
    );
    expect(await effects(slot)).toBe(1);
    const distinct = new Set(answers.map(({ status, text }) => JSON.stringify({ status, text })));
    expect([...distinct]).toEqual([JSON.stringify({ status: 201, text: answers[0]?.text })]);
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(499);
  });
});

describe('pruning', () => {
  it('deletes the keys created more than 30 days ago, and only those, however often it runs', async () => {
    const base = { scope: `customer:${ACME}`, route: 'POST /api/test-prune', fingerprint: 'f' };
    const keys = {
      expired: `prune-${randomUUID()}`,
      expiredInFlight: `prune-${randomUUID()}`,
      almost: `prune-${randomUUID()}`,
      recent: `prune-${randomUUID()}`,
    };
    await server.db.insert(idempotencyKeys).values([
      { ...base, key: keys.expired, createdAt: sql`now() - interval '30 days 1 minute'` },
      {
        ...base,
        key: keys.expiredInFlight,
        lockToken: randomUUID(),
        lockedAt: sql`now() - interval '31 days'`,
        createdAt: sql`now() - interval '31 days'`,
      },
      { ...base, key: keys.almost, createdAt: sql`now() - interval '29 days 23 hours'` },
      { ...base, key: keys.recent },
    ]);

    expect(await pruneIdempotencyKeys(server.db, { batchSize: 1 })).toBe(2);
    expect(await pruneIdempotencyKeys(server.db)).toBe(0);
    const left = await server.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.route, base.route));
    expect(left.map((row) => row.key).sort()).toEqual([keys.almost, keys.recent].sort());
  });

  it('runs daily as a scheduled job', async () => {
    const { rows } = (await server.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${PRUNE_IDEMPOTENCY_KEYS_QUEUE}`,
    )) as unknown as { rows: { cron: string; timezone: string }[] };
    expect(rows).toEqual([{ cron: PRUNE_IDEMPOTENCY_KEYS_CRON, timezone: 'UTC' }]);
  });
});

describe('declarations', () => {
  const noJobs: JobQueue = {
    define: async () => undefined,
    send: async () => undefined,
    sendMany: async () => undefined,
    schedule: async () => undefined,
    stop: async () => undefined,
  };

  it.each([
    ['a public route', 'POST', 'public'],
    ['a GET route', 'GET', 'authenticated'],
  ] as const)('refuses an Idempotency-Key on %s', async (_label, method, access) => {
    const app = Fastify();
    await app.register(idempotencyPlugin, { db: server.db, jobs: noJobs });
    expect(() =>
      app.route({
        method,
        url: '/api/x',
        config: { access, idempotency: true },
        handler: async () => ({}),
      }),
    ).toThrow(/Idempotency-Key/);
    await app.close();
  });

  it('documents the header in the OpenAPI description', async () => {
    const description = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    };
    const header = (path: string) =>
      description.paths[path]?.post?.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
    expect(header('/api/test-idempotency/effects/{slot}')?.required).toBe(true);
    expect(header('/api/test-idempotency/optional/{slot}')?.required).toBe(false);
  });
});
