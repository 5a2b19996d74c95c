import { and, eq, idempotencyKeys, sql, type Database } from '@boon/db';

/** Which key: per scope (customer, or user without one), route pattern and the client's key. */
export interface KeyIdentity {
  scope: string;
  route: string;
  key: string;
}

/** An answer as recorded for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** The body exactly as first sent; null when there was none. */
  body: string | null;
}

export interface KeyRecord {
  fingerprint: string;
  /** Present once the first request's answer is recorded; absent while it runs. */
  response?: StoredResponse;
}

/** A request's hold on its key, proven by the token it claimed it with. */
export interface KeyClaim {
  id: number;
  lockToken: string;
}

export interface KeyStore {
  /**
   * Claims the key for a request about to run: a new key, or one whose earlier claim outlived the
   * lease without an answer (its process died; since the effect commits with the answer, nothing
   * of that attempt remains) and was made with the same fingerprint. Undefined when not claimed.
   */
  claim(identity: KeyIdentity, fingerprint: string, lockToken: string): Promise<number | undefined>;
  find(identity: KeyIdentity): Promise<KeyRecord | undefined>;
  /**
   * Records the answer in `tx` (the handler's own transaction, when it has one) and ends the claim.
   * False when the claim was lost meanwhile (its lease ran out and another request re-claimed it):
   * then `tx` must roll back, or the effect would happen twice.
   */
  complete(tx: Database, claim: KeyClaim, response: StoredResponse): Promise<boolean>;
  /** Gives the key up (a 5xx answer is not kept), so that a retry runs the request again. */
  release(claim: KeyClaim): Promise<void>;
}

export function createKeyStore(db: Database, { leaseSeconds }: { leaseSeconds: number }): KeyStore {
  const t = idempotencyKeys;
  const same = (identity: KeyIdentity) =>
    and(eq(t.scope, identity.scope), eq(t.route, identity.route), eq(t.key, identity.key));

  return {
    async claim(identity, fingerprint, lockToken) {
      // The database's clock decides the lease, so processes with skewed clocks agree on it. On
      // PostgreSQL the conflicting row is locked while the WHERE is checked, so of two requests
      // re-claiming an abandoned key only one succeeds.
      const [row] = await db
        .insert(t)
        .values({ ...identity, fingerprint, lockToken, lockedAt: sql`now()` })
        .onConflictDoUpdate({
          target: [t.scope, t.route, t.key],
          set: { lockToken: sql`excluded.lock_token`, lockedAt: sql`now()` },
          setWhere: sql`${t.completedAt} is null
            and ${t.lockedAt} < now() - make_interval(secs => ${leaseSeconds})
            and ${t.fingerprint} = excluded.fingerprint`,
        })
        .returning({ id: t.id });
      return row?.id;
    },

    async find(identity) {
      const [row] = await db
        .select({
          fingerprint: t.fingerprint,
          status: t.responseStatus,
          headers: t.responseHeaders,
          body: t.responseBody,
          completedAt: t.completedAt,
        })
        .from(t)
        .where(same(identity));
      if (!row) return undefined;
      if (!row.completedAt || row.status === null) return { fingerprint: row.fingerprint };
      return {
        fingerprint: row.fingerprint,
        response: { status: row.status, headers: row.headers ?? {}, body: row.body },
      };
    },

    async complete(tx, claim, response) {
      const rows = await tx
        .update(t)
        .set({
          lockToken: null,
          lockedAt: null,
          responseStatus: response.status,
          responseHeaders: response.headers,
          responseBody: response.body,
          completedAt: sql`now()`,
        })
        .where(and(eq(t.id, claim.id), eq(t.lockToken, claim.lockToken)))
        .returning({ id: t.id });
      return rows.length === 1;
    },

    async release(claim) {
      await db.delete(t).where(and(eq(t.id, claim.id), eq(t.lockToken, claim.lockToken)));
    },
  };
}
