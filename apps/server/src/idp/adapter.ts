import { and, eq, oidcPayloads, or, sql, type Database } from '@boon/db';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens, ...) over the
 * one `oidc_payloads` table, keyed by model name and id.
 *
 * Expiry is computed and compared by the database clock, so processes with drifting clocks agree
 * on what is expired. Expired rows are invisible at once and deleted later by `purgeExpired`.
 */
export function createPayloadAdapter(db: Database): AdapterFactory {
  return (model) => new PayloadAdapter(db, model);
}

const notExpired = or(
  sql`${oidcPayloads.expiresAt} is null`,
  sql`${oidcPayloads.expiresAt} > now()`,
);

class PayloadAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number' ? sql`now() + ${expiresIn} * interval '1 second'` : null;
    const indexed = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...indexed })
      // consumedAt is left as it is: consuming is one-way, a later save must not undo it.
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: indexed });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // oidc-provider calls this on each token model in turn, so only this model's rows go.
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, notExpired))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }
}

/** Deletes rows past their expiry; returns how many went. */
export async function purgeExpired(db: Database): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(sql`${oidcPayloads.expiresAt} <= now()`)
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
