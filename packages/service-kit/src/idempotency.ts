import type { Database } from '@boon/db';
import type { FastifyRequest } from 'fastify';

/**
 * A route that takes an `Idempotency-Key` header declares it (`config.idempotency`), so a retried
 * request that moves money or creates an order has its effect once and gets the first answer again.
 * - `true` or `{ required: true }`: the header is required (400 without it).
 * - `{ required: false }`: the header is honoured when sent; without it the request simply runs.
 * Only routes with a caller (not 'public') may declare it: keys are kept per customer, or per user
 * for a request that acts for no customer.
 */
export type IdempotencyDeclaration = boolean | { required: boolean };

/** The Idempotency-Key of the request being served; null when the route or request has none. */
export interface RequestIdempotency {
  key: string;
  /**
   * Runs `work` in the transaction in which the server records this request's answer (opened on
   * the first call): what it writes commits together with that answer, or not at all, and `work`
   * throwing undoes what it wrote. The transaction stays open until the answer is sent, so from
   * the first call on the handler must use only it (on the embedded database another query would
   * wait for it forever).
   */
  run<T>(work: (tx: Database) => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyDeclaration;
  }
  interface FastifyRequest {
    idempotency: RequestIdempotency | null;
  }
}

/** The declaration as a whole, or undefined for a route that takes no Idempotency-Key. */
export function idempotencyOf(
  declaration: IdempotencyDeclaration | undefined,
): { required: boolean } | undefined {
  if (declaration === undefined || declaration === false) return undefined;
  return declaration === true ? { required: true } : declaration;
}

/**
 * Runs `work` in a transaction: for a request with an Idempotency-Key, the request's own, so the
 * effect commits exactly when its recorded answer does (a crash can never leave one without the
 * other); otherwise a transaction of its own. Either way, `work` throwing undoes what it wrote.
 */
export function withRequestTransaction<T>(
  request: FastifyRequest,
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return request.idempotency ? request.idempotency.run(work) : db.transaction(work);
}
