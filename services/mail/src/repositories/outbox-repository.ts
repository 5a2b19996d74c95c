import { and, desc, eq, inArray, outboxMails, sql, type Database } from '@boon/db';

export type OutboxRow = typeof outboxMails.$inferSelect;
export type NewOutboxRow = typeof outboxMails.$inferInsert;

/** Stores the mails in one statement; their ids, in the order given. */
export async function insertOutboxMails(
  tx: Database,
  rows: readonly NewOutboxRow[],
): Promise<number[]> {
  const inserted = await tx
    .insert(outboxMails)
    .values([...rows])
    .returning({ id: outboxMails.id });
  // A multi-row insert's RETURNING follows its VALUES in practice, but SQL does not promise it:
  // the serial ids were drawn in VALUES order, so sorting them restores it.
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

/** The mail with this id; locked for the caller's transaction with `lock`. */
export async function findOutboxMail(
  db: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OutboxRow | undefined> {
  const query = db.select().from(outboxMails).where(eq(outboxMails.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The newest mails first, to an address (any case) and of a kind where given. */
export async function listOutboxMails(
  db: Database,
  filter: { to?: string | undefined; kind?: string | undefined; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMails)
    .where(
      and(
        filter.to ? eq(sql`lower(${outboxMails.to})`, filter.to.toLowerCase()) : undefined,
        filter.kind ? eq(outboxMails.kind, filter.kind) : undefined,
      ),
    )
    .orderBy(desc(outboxMails.id))
    .limit(filter.limit);
}

/** Marks the mail failed, saying why; the row as it is now. */
export async function markOutboxMailFailed(
  db: Database,
  id: number,
  error: string,
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMails)
    .set({ status: 'failed', error })
    .where(eq(outboxMails.id, id))
    .returning();
  return row;
}

/** Marks the mail sent and forgets its body. */
export async function markOutboxMailSent(db: Database, id: number, sentAt: Date): Promise<void> {
  await db
    .update(outboxMails)
    .set({ status: 'sent', sentAt, text: null, html: null, error: null })
    .where(eq(outboxMails.id, id));
}

/** Each mail's status and error, by id; ids that are not in the outbox are left out. */
export async function outboxStatuses(
  db: Database,
  ids: readonly number[],
): Promise<Pick<OutboxRow, 'id' | 'status' | 'error'>[]> {
  return db
    .select({ id: outboxMails.id, status: outboxMails.status, error: outboxMails.error })
    .from(outboxMails)
    .where(inArray(outboxMails.id, [...ids]));
}
