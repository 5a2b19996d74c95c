import { createHash, randomBytes } from 'node:crypto';
import { and, emailTokens, eq, isNull, sql, type Database } from '@boon/db';

export type EmailTokenPurpose = 'verify-email' | 'reset-password';

/** How long a mailed link works (decided here, not by the mail's wording alone). */
export const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

export type EmailTokenCheck =
  | { ok: true; userId: string }
  /** Unknown (never issued, mistyped, for another purpose), past its time, or spent. */
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A single-use link token: 32 random bytes, base64url, mailed to the user. Only its SHA-256 is
 * stored, so the table cannot be turned into working links. Issued inside `tx`, with the mail.
 */
export async function issueEmailToken(
  tx: Database,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    tokenHash: hashOf(token),
    userId,
    purpose,
    // The database clock decides expiry, as it does for the provider's own rows.
    expiresAt: sql`now() + ${EMAIL_TOKEN_TTL_SECONDS[purpose]} * interval '1 second'`,
  });
  return token;
}

/** What a token is worth now, without spending it (the reset page shows its form first). */
export async function checkEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenCheck> {
  if (!TOKEN_FORMAT.test(token)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({
      userId: emailTokens.userId,
      used: sql<boolean>`${emailTokens.usedAt} is not null`,
      expired: sql<boolean>`${emailTokens.expiresAt} <= now()`,
    })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashOf(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.used) return { ok: false, reason: 'used' };
  if (row.expired) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId };
}

/**
 * Spends a token, once: of two requests racing with one link, only the first update matches.
 * Inside `tx`, so the change the token allows and its spending commit together.
 */
export async function consumeEmailToken(
  tx: Database,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenCheck> {
  if (!TOKEN_FORMAT.test(token)) return { ok: false, reason: 'invalid' };
  const [spent] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashOf(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        sql`${emailTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (spent) return { ok: true, userId: spent.userId };
  return checkEmailToken(tx, token, purpose);
}

/** Spends every unused token of the user for `purpose` (a newer link or a changed password). */
export async function revokeEmailTokens(
  tx: Database,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}
