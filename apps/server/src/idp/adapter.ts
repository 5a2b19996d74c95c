import { and, eq, inArray, isNull, oidcPayloads, or, sql, type Database } from '@boon/db';
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';
import { PASSWORD_STEP_MODEL } from './totp.js';

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

/** The models oidc-provider revokes by grant when it sees a code or refresh token used twice. */
const GRANT_BOUND_MODELS = [
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];

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
    if (this.model === 'Interaction') await purgeExpiredBatch(this.db, this.model);
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

  /**
   * Marks a code or refresh token used, once. oidc-provider refuses (and revokes the grant of) a
   * payload `find` returned with `consumed` set; but two redemptions racing past `find` both see
   * it unconsumed. This update decides between them: only the first matches a row. The loser is
   * a replay like any other: its grant is revoked, as oidc-provider does, and the request fails
   * with invalid_grant. `consumed_at` keeps its first value, so later finds still see a replay.
   */
  async consume(id: string): Promise<void> {
    const consumed = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(oidcPayloads.model, this.model),
          eq(oidcPayloads.id, id),
          isNull(oidcPayloads.consumedAt),
        ),
      )
      .returning({ id: oidcPayloads.id });
    if (consumed.length > 0) return;

    const [row] = await this.db
      .select({ grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    if (row?.grantId) await revokeGrant(this.db, row.grantId);
    throw new errors.InvalidGrant(`${this.model} already consumed`);
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

/** The grant and every token issued under it, as oidc-provider's own revocation removes them. */
async function revokeGrant(db: Database, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        and(inArray(oidcPayloads.model, GRANT_BOUND_MODELS), eq(oidcPayloads.grantId, grantId)),
        and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/**
 * Anyone can make the provider store an interaction (an authorization request without a session
 * does), so each new one clears a batch of that model's expired rows: a flood cannot outgrow the
 * periodic purge. Bounded, so a save never waits on a large delete.
 */
const PURGE_ON_WRITE_BATCH = 100;

async function purgeExpiredBatch(db: Database, model: string): Promise<void> {
  await db.execute(sql`
    delete from ${oidcPayloads}
    where (${oidcPayloads.model}, ${oidcPayloads.id}) in (
      select ${oidcPayloads.model}, ${oidcPayloads.id} from ${oidcPayloads}
      where ${oidcPayloads.model} = ${model} and ${oidcPayloads.expiresAt} <= now()
      limit ${PURGE_ON_WRITE_BATCH}
    )`);
}

/** Deletes rows past their expiry; returns how many went. */
export async function purgeExpired(db: Database): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(sql`${oidcPayloads.expiresAt} <= now()`)
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}

/**
 * The models that carry a user's sign-in: sessions, grants and everything issued under them,
 * and a sign-in still waiting for its second factor (our own PasswordStep, see totp.ts).
 */
const ACCOUNT_BOUND_MODELS = ['Session', 'Grant', ...GRANT_BOUND_MODELS, PASSWORD_STEP_MODEL];

/**
 * Ends every provider session of the account and revokes its grants and tokens (a changed
 * password must lock out whoever knew the old one). That includes a sign-in already past the
 * password and waiting for its code: the old password must not count there either, so a right
 * code afterwards sends the user back to the password. Access tokens already handed out are JWTs
 * the API verifies by signature; the API refuses those by the user's `tokensValidAfter`, which
 * the reset sets alongside.
 */
export async function revokeAccount(db: Database, accountId: string): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(
      and(
        inArray(oidcPayloads.model, ACCOUNT_BOUND_MODELS),
        sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
      ),
    )
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
