import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorBody, type ErrorCode } from '@boon/contracts';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { AppError, idempotencyOf, requireAuth, type AuthContext } from '@boon/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { deferTransaction, type DeferredTransaction } from '../idempotency/deferred-transaction.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  preferredWaitSeconds,
  readIdempotencyKey,
} from '../idempotency/idempotency-key-header.js';
import {
  createKeyStore,
  type KeyClaim,
  type KeyIdentity,
  type StoredResponse,
} from '../idempotency/key-store.js';
import { LocalClaims, type ClaimOutcome } from '../idempotency/local-claims.js';
import {
  PRUNE_IDEMPOTENCY_KEYS_CRON,
  PRUNE_IDEMPOTENCY_KEYS_QUEUE,
  pruneIdempotencyKeys,
} from '../idempotency/prune-idempotency-keys.js';
import { requestFingerprint } from '../idempotency/request-fingerprint.js';

export interface IdempotencyOptions {
  db: Database;
  jobs: JobQueue;
  /**
   * How long a duplicate waits for the first request to finish before answering 409 (ms). Long
   * enough for any ordinary handler, short of the usual 30-60 s proxy timeouts.
   */
  maxWaitMs?: number;
  /**
   * How long a claim may go without an answer before it is taken for a crashed process's and may
   * be claimed again (s). Longer than any handler should run.
   */
  leaseSeconds?: number;
}

const REPLAYED_HEADER = 'idempotent-replayed';
/** The headers replayed with a recorded answer; the rest (dates, ids, limits) are per request. */
const KEPT_HEADERS = ['content-type', 'location', 'etag'] as const;
/**
 * A retry of a request still in flight after a full wait: soon, since it is usually about to end,
 * and the server waits again on the next try anyway.
 */
const IN_FLIGHT_RETRY_AFTER_SECONDS = '1';

/** A request that holds its key: what it needs to record its answer. */
interface Claimed {
  claim: KeyClaim;
  /** The transaction the answer commits in (a fresh one after the first work failed). */
  tx: DeferredTransaction;
  /** A work has succeeded in `tx`: a later one needs a savepoint of its own. */
  written: boolean;
  /** Works running directly in `tx` (one at most): one started meanwhile gets a savepoint. */
  running: number;
  /** The handler (or a hook after this one) threw: its writes are undone, its answer kept. */
  failed: boolean;
  ended: boolean;
  end: (outcome: ClaimOutcome) => void;
}

/**
 * Idempotency-Key for the routes that declare `config.idempotency` (IETF draft
 * httpapi-idempotency-key-header, and Stripe's practice). Keys are kept per customer (or per user,
 * for a request acting for no customer), route pattern and key, with a fingerprint of the request.
 *
 * - The first request claims its key with a committed INSERT … ON CONFLICT, runs, and records its
 *   answer in the SAME transaction as the handler's writes (`withRequestTransaction`), so an effect
 *   never commits without its answer. 2xx and 4xx answers are kept; a 5xx rolls the effect back
 *   and releases the key, so the client may retry (Stripe's rule).
 * - A duplicate with another fingerprint: 422. With the same one, once the first has answered:
 *   that answer again, status, body and headers, with `Idempotent-Replayed: true`.
 * - A duplicate while the first still runs WAITS for it (on the first request itself when it runs
 *   in this process, else polling the row), then replays its answer, or runs after all if the
 *   first released the key; so N concurrent duplicates get one effect and N identical answers.
 *   Only when the first is still running after the wait (`maxWaitMs`, or less when the client
 *   sends `Prefer: wait=N`) does it get 409 with `Retry-After`.
 * - A process dying mid-request leaves a claim without an answer and, since the effect commits
 *   with the answer, without an effect: after the lease the key may be claimed again. The final
 *   write names the claim's token, so a request that outlived its lease cannot commit a second
 *   effect after another took its key over (it rolls back and answers 409).
 *
 * Registered after authentication (the scope needs the caller) and before the routes (it checks
 * their declarations). Keys are deleted 30 days after their creation by a daily job.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, { db, jobs, maxWaitMs = 10_000, leaseSeconds = 60 }) => {
    const store = createKeyStore(db, { leaseSeconds });
    const localClaims = new LocalClaims();
    const claimed = new WeakMap<FastifyRequest, Claimed>();

    await jobs.define(PRUNE_IDEMPOTENCY_KEYS_QUEUE, async () => {
      await pruneIdempotencyKeys(db);
    });
    await jobs.schedule(PRUNE_IDEMPOTENCY_KEYS_QUEUE, PRUNE_IDEMPOTENCY_KEYS_CRON);

    app.decorateRequest('idempotency', null);

    app.addHook('onRoute', (route) => {
      if (!idempotencyOf(route.config?.idempotency)) return;
      const where = `${[route.method].flat().join(',')} ${route.url}`;
      if ([route.method].flat().some((method) => method === 'GET' || method === 'HEAD')) {
        throw new Error(`${where}: a safe method needs no Idempotency-Key`);
      }
      if (route.config?.access === 'public') {
        throw new Error(`${where}: an Idempotency-Key is kept per caller, so the route needs one`);
      }
    });

    app.addHook('preHandler', async (request, reply) => {
      const declaration = idempotencyOf(request.routeOptions.config.idempotency);
      if (!declaration) return;
      const header = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (header.kind === 'absent') {
        if (declaration.required) throw new AppError('idempotency_key_missing');
        return;
      }
      if (header.kind === 'invalid') throw new AppError('idempotency_key_invalid');

      const identity: KeyIdentity = {
        scope: scopeOf(requireAuth(request)),
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        key: header.key,
      };
      const local = JSON.stringify(identity);
      const fingerprint = requestFingerprint(request);
      const preferred = preferredWaitSeconds(request.headers.prefer);
      const deadline = Date.now() + Math.min(maxWaitMs, (preferred ?? Infinity) * 1000);

      for (let attempt = 0; ; attempt += 1) {
        const lockToken = randomUUID();
        const id = await store.claim(identity, fingerprint, lockToken);
        if (id !== undefined) {
          const held: Claimed = {
            claim: { id, lockToken },
            tx: deferTransaction(db),
            written: false,
            running: 0,
            failed: false,
            ended: false,
            end: localClaims.hold(local),
          };
          claimed.set(request, held);
          request.idempotency = { key: header.key, run: (work) => runIn(held, db, work) };
          return;
        }

        const record = await store.find(identity);
        // Released (a 5xx) between our claim and this read: claim it again.
        if (!record) continue;
        if (record.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
        if (record.response) return replay(reply, record.response);
        if (Date.now() >= deadline) {
          reply.header('retry-after', IN_FLIGHT_RETRY_AFTER_SECONDS);
          throw new AppError('idempotency_key_in_flight');
        }
        const outcome = await localClaims.outcome(local, deadline);
        if (typeof outcome === 'object' && outcome.kind === 'completed') {
          return replay(reply, outcome.response);
        }
        if (outcome === 'elsewhere') {
          await sleep(Math.min(pollDelayMs(attempt), Math.max(0, deadline - Date.now())));
        }
      }
    });

    app.addHook('onError', async (request) => {
      const held = claimed.get(request);
      if (held) held.failed = true;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const held = claimed.get(request);
      if (!held || held.ended) return payload;
      // Before any await, so that the claim is ended exactly once, here or in onResponse.
      held.ended = true;
      try {
        const response = storable(reply, payload);
        if (!response) {
          if (reply.statusCode < 500) throw new Error('A streamed answer cannot be replayed');
          await held.tx.rollback();
          await store.release(held.claim);
          held.end({ kind: 'released' });
          return payload;
        }
        const completeIn = (tx: Database) =>
          store.complete(tx, held.claim, response).then((kept) => {
            if (!kept) throw new LostClaim();
          });
        if (held.tx.opened && !held.failed) {
          await held.tx.commit(completeIn);
        } else {
          await held.tx.rollback();
          await completeIn(db);
        }
        held.end({ kind: 'completed', response });
        return payload;
      } catch (error) {
        await held.tx.rollback().catch(() => undefined);
        await store.release(held.claim).catch(() => undefined);
        held.end({ kind: 'released' });
        if (error instanceof LostClaim) {
          reply.header('retry-after', IN_FLIGHT_RETRY_AFTER_SECONDS);
          return replaceWithError(reply, 'idempotency_key_in_flight');
        }
        request.log.error({ err: error }, 'idempotency: answer not recorded');
        return replaceWithError(reply, 'internal_error');
      }
    });

    // A request that ended without sending (aborted, hijacked) must not keep its transaction or
    // its key, or every retry would wait out the lease.
    app.addHook('onResponse', async (request) => {
      const held = claimed.get(request);
      if (!held || held.ended) return;
      held.ended = true;
      await held.tx.rollback().catch(() => undefined);
      await store.release(held.claim).catch(() => undefined);
      held.end({ kind: 'released' });
    });
  },
  { name: 'idempotency' },
);

type OpenApiTransform = typeof jsonSchemaTransform;

/**
 * Wraps the OpenAPI transform so that a route declaring `config.idempotency` documents its
 * `Idempotency-Key` header (required or not) and the replay marker.
 */
export function documentIdempotencyKey(transform: OpenApiTransform): OpenApiTransform {
  return (input) => {
    const result = transform(input);
    const declaration = idempotencyOf(input.route.config?.idempotency);
    if (!declaration) return result;
    const schema = result.schema as Record<string, unknown>;
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    return {
      ...result,
      schema: {
        ...schema,
        headers: {
          ...headers,
          properties: {
            ...headers.properties,
            [IDEMPOTENCY_KEY_HEADER]: {
              type: 'string',
              minLength: 1,
              maxLength: 255,
              description:
                'A unique key for this request (e.g. a UUID), sent again unchanged with every retry. A retry gets the first answer again, with `Idempotent-Replayed: true`; the same key with another request gets 422, and one still being processed 409 with `Retry-After`. Keys are kept 30 days.',
            },
          },
          ...(declaration.required
            ? { required: [...(headers.required ?? []), IDEMPOTENCY_KEY_HEADER] }
            : {}),
        },
      },
    };
  };
}

/**
 * Runs a request's work in its transaction. The first work runs in it directly: should it throw,
 * the transaction holds nothing else, so rolling all of it back (and starting a fresh one for
 * whatever follows) undoes exactly that work, without the two statements a savepoint costs on
 * every order. Any other work gets a savepoint, so a failure undoes its own writes only: one
 * after a work that succeeded, and one started while another runs (nested in it, or alongside).
 */
async function runIn<T>(
  held: Claimed,
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  if (held.ended) throw new Error('The answer was sent: its transaction is over');
  const current = held.tx;
  const tx = await current.get();
  if (held.written || held.running > 0) return tx.transaction(work);
  held.running += 1;
  try {
    const result = await work(tx);
    held.written = true;
    return result;
  } catch (error) {
    if (held.tx === current && !held.ended) {
      held.tx = deferTransaction(db);
      // A rollback that fails has lost its connection, which ends the transaction just the same.
      await current.rollback().catch(() => undefined);
    }
    throw error;
  } finally {
    held.running -= 1;
  }
}

class LostClaim extends Error {
  override name = 'LostClaim';
}

function scopeOf(auth: AuthContext): string {
  if (auth.customerId) return `customer:${auth.customerId}`;
  return auth.user ? `user:${auth.user.id}` : `subject:${auth.subject}`;
}

/** 25 ms doubling to 800 ms: quick for a short request, light on the database for a long one. */
function pollDelayMs(attempt: number): number {
  return 25 * 2 ** Math.min(attempt, 5);
}

/** The answer as it will be replayed, or undefined for a 5xx or a body that is not text. */
function storable(reply: FastifyReply, payload: unknown): StoredResponse | undefined {
  if (reply.statusCode >= 500) return undefined;
  if (payload !== undefined && payload !== null && typeof payload !== 'string') return undefined;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return { status: reply.statusCode, headers, body: payload || null };
}

function replay(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.status).headers(response.headers).header(REPLAYED_HEADER, 'true');
  return reply.send(response.body ?? undefined);
}

/** Sent from onSend, where the error handler can no longer be reached. */
function replaceWithError(reply: FastifyReply, code: ErrorCode): string {
  const body = errorBody(code);
  reply.code(body.status);
  reply.removeHeader('location');
  reply.removeHeader('etag');
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(body);
}
