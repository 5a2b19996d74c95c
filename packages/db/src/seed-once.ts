import { eq } from 'drizzle-orm';
import type { Database } from './database.js';
import { seedRuns } from './schema/platform.js';

/**
 * Writes seed `name` once. A second call, or a second process racing the first, changes nothing:
 * the seed is recorded in the same transaction as its rows. `prepare` runs first, outside the
 * transaction, and only when the seed is still to be written (slow work such as password hashes).
 * Returns whether this call wrote it.
 */
export async function seedOnce<P = undefined>(
  db: Database,
  name: string,
  write: (tx: Database, prepared: P) => Promise<void>,
  prepare?: () => Promise<P>,
): Promise<boolean> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, name)).limit(1);
  if (done) return false;
  const prepared = (prepare ? await prepare() : undefined) as P;
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(seedRuns).values({ name }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await write(tx, prepared);
    return true;
  });
}
