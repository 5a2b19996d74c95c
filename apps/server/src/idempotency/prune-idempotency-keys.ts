import { idempotencyKeys, inArray, sql, type Database } from '@boon/db';

/** The daily job that forgets old Idempotency-Keys. */
export const PRUNE_IDEMPOTENCY_KEYS_QUEUE = 'platform.prune-idempotency-keys';
/** Every day at 03:17 UTC: a quiet hour, off the full hour when other schedules pile up. */
export const PRUNE_IDEMPOTENCY_KEYS_CRON = '17 3 * * *';
/** How long a key is kept: a retry after this long runs as a new request. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 30;

/**
 * Deletes the keys created more than 30 days ago, finished or not (a claim that old belongs to a
 * process long dead). In batches, so a large backlog never holds one long transaction or lock;
 * running it twice, or in two processes at once, deletes nothing twice. Returns how many went.
 */
export async function pruneIdempotencyKeys(
  db: Database,
  { batchSize = 1000 }: { batchSize?: number } = {},
): Promise<number> {
  const t = idempotencyKeys;
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: t.id })
      .from(t)
      .where(sql`${t.createdAt} < now() - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS})`)
      .limit(batchSize);
    const deleted = await db.delete(t).where(inArray(t.id, expired)).returning({ id: t.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
