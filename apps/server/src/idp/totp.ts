import { and, eq, oidcPayloads, sql, type Database } from '@boon/db';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now, for clocks that drift and users who type slowly. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const CODE_FORMAT = /^\d{6}$/;

/**
 * Rows this module keeps in the provider's payload table (`oidc_payloads`, model and id):
 * the last time step each user's codes were accepted at, and a password already checked in a
 * sign-in interaction that still needs its code. oidc-provider never reads these models.
 */
const LAST_STEP_MODEL = 'TotpLastStep';
/** Its payload names the account (`accountId`), so revoking the account removes it too. */
export const PASSWORD_STEP_MODEL = 'PasswordStep';
/** Past this, a spent step is outside any code's tolerance window anyway. */
const LAST_STEP_TTL_SECONDS = 10 * 60;

export type TotpCheck =
  { ok: true; timeStep: number; epoch: number } | { ok: false; reason: 'invalid' | 'reused' };

/** A new base32 secret of 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI authenticator apps import (what a QR code would carry). */
export function totpUri(productName: string, email: string, secret: string): string {
  return generateURI({ issuer: productName, label: email, secret, period: TOTP_PERIOD_SECONDS });
}

/** The secret in groups of four, as people type it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The code as typed, without the spaces and dashes some apps show. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Checks a code against the secret (±1 step) and spends its time step for the user: a code
 * (or an older one still inside the window) that was accepted once is refused afterwards, so a
 * code seen over a shoulder or in a log cannot be replayed. The spending is one atomic upsert,
 * so two requests racing with one code cannot both pass.
 */
export async function checkTotpCode(
  db: Database,
  userId: string,
  secret: string,
  code: string,
): Promise<TotpCheck> {
  const token = normaliseCode(code);
  if (!CODE_FORMAT.test(token)) return { ok: false, reason: 'invalid' };
  let result;
  try {
    result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
  } catch {
    // A stored secret otplib refuses (corrupted, too short) matches no code.
    return { ok: false, reason: 'invalid' };
  }
  // The functional API types TOTP's and HOTP's results as one; a TOTP result has the step.
  if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'invalid' };
  const { timeStep, epoch } = result;
  const spent = await db
    .insert(oidcPayloads)
    .values({
      model: LAST_STEP_MODEL,
      id: userId,
      payload: { timeStep },
      expiresAt: sql`now() + ${LAST_STEP_TTL_SECONDS} * interval '1 second'`,
    })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: sql`excluded.payload`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${oidcPayloads.expiresAt} <= now() or (${oidcPayloads.payload}->>'timeStep')::bigint < ${timeStep}`,
    })
    .returning({ id: oidcPayloads.id });
  if (spent.length === 0) return { ok: false, reason: 'reused' };
  return { ok: true, timeStep, epoch };
}

/**
 * Remembers, for one sign-in interaction, the account whose password was right, until its code
 * is given. Kept on our side (not in the interaction's result, which resuming the
 * authorization would honour): only a right code turns it into a sign-in.
 */
export async function rememberPasswordStep(
  db: Database,
  interactionUid: string,
  accountId: string,
  ttlSeconds: number,
): Promise<void> {
  const values = {
    payload: { accountId },
    expiresAt: sql`now() + ${Math.max(1, Math.floor(ttlSeconds))} * interval '1 second'`,
  };
  await db
    .insert(oidcPayloads)
    .values({ model: PASSWORD_STEP_MODEL, id: interactionUid, ...values })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
}

/** The account whose password this interaction already checked, if any (and not expired). */
export async function passwordStepAccount(
  db: Database,
  interactionUid: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, PASSWORD_STEP_MODEL),
        eq(oidcPayloads.id, interactionUid),
        sql`${oidcPayloads.expiresAt} > now()`,
      ),
    )
    .limit(1);
  const accountId = row?.payload.accountId;
  return typeof accountId === 'string' ? accountId : undefined;
}

export async function forgetPasswordStep(db: Database, interactionUid: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, PASSWORD_STEP_MODEL), eq(oidcPayloads.id, interactionUid)));
}
