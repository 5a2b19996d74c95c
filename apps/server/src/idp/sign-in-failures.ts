import { createHash } from 'node:crypto';
import { inArray, signInFailures, sql, type Database } from '@boon/db';

/** A counter of failed sign-ins as it stands after counting one more. */
export interface FailureCount {
  /** Failures in the current window, this one included. */
  failures: number;
  /** Seconds until the window ends and the count starts again (by the database's clock). */
  secondsLeft: number;
}

/**
 * The stored key of a counter: a SHA-256 of its parts, so the table holds neither the e-mail
 * addresses people typed nor their network addresses.
 */
export function failureKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/**
 * Counts one failure under `key` in a window of `windowSeconds` from the first failure, in one
 * statement, so concurrent attempts in any process each get their own count.
 */
export async function countFailure(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<FailureCount> {
  const expired = sql`${signInFailures.expiresAt} <= now()`;
  const windowEnd = sql`now() + ${windowSeconds} * interval '1 second'`;
  const [row] = await db
    .insert(signInFailures)
    .values({ key, failures: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
        expiresAt: sql`case when ${expired} then ${windowEnd} else ${signInFailures.expiresAt} end`,
      },
    })
    .returning({
      failures: signInFailures.failures,
      secondsLeft: sql<number>`ceil(extract(epoch from ${signInFailures.expiresAt} - now()))::int`,
    });
  if (!row) throw new Error('counting a sign-in failure returned no row');
  return { failures: row.failures, secondsLeft: Number(row.secondsLeft) };
}

/** Forgets the counters under `keys` (after a successful sign-in). */
export async function clearFailures(db: Database, keys: string[]): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

/** Deletes counters whose window has ended; returns how many went. */
export async function pruneFailures(db: Database): Promise<number> {
  const deleted = await db
    .delete(signInFailures)
    .where(sql`${signInFailures.expiresAt} <= now()`)
    .returning({ key: signInFailures.key });
  return deleted.length;
}
