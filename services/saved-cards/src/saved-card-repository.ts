import type { SavedCard } from '@boon/contracts';
import { and, desc, eq, isNull, savedCards, type Database } from '@boon/db';

export type SavedCardRow = typeof savedCards.$inferSelect;

/** The company's cards in use, newest first. */
export function listSavedCards(db: Database, customerId: string): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

/** A stored card's processor token, for billing to charge; undefined when not the company's. */
export async function savedCardToken(
  db: Database,
  customerId: string,
  cardId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ token: savedCards.processorToken })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.customerId, customerId),
        isNull(savedCards.deletedAt),
      ),
    );
  return row?.token ?? undefined;
}

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    cardId: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
  };
}
