import { SAVED_CARDS_MAX, type SavedCard } from '@boon/contracts';
import { and, eq, isNull, savedCards, sql, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { ProcessorCard } from '@boon/card-processor';
import { toSavedCard } from './saved-card-repository.js';

/**
 * Stores a card the processor's frame tokenised (`card`: the processor's answer for the token). What is kept is what the processor says of the
 * token (brand, last four, expiry), never what the console claims. Storing the same token again
 * answers the card already stored; a token stored by another company is refused as unknown.
 */
export async function storeCard(
  tx: Database,
  actor: { customerId: string; userId: string },
  cardToken: string,
  /** What the processor said of the token, asked before the transaction opened. */
  card: ProcessorCard | undefined,
  now = new Date(),
): Promise<SavedCard> {
  if (!card) throw new AppError('card_token_invalid');
  if (card.expYear * 12 + card.expMonth - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) {
    throw new AppError('card_expired');
  }
  // One company's cards at a time, so two adds cannot both take the last place.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`saved-cards:${actor.customerId}`}))`,
  );
  const [existing] = await tx
    .select()
    .from(savedCards)
    .where(eq(savedCards.processorToken, cardToken));
  if (existing) {
    if (existing.customerId !== actor.customerId) throw new AppError('card_token_invalid');
    return toSavedCard(existing);
  }
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(savedCards)
    .where(and(eq(savedCards.customerId, actor.customerId), isNull(savedCards.deletedAt)));
  if (count >= SAVED_CARDS_MAX) throw new AppError('saved_cards_limit');

  const [row] = await tx
    .insert(savedCards)
    .values({
      id: prefixedId('CARD-', 10),
      customerId: actor.customerId,
      processorToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      createdByUserId: actor.userId,
      createdAt: now,
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'saved_card.create',
    target: row!.id,
    details: { brand: card.brand, last4: card.last4 },
  });
  return toSavedCard(row!);
}

/** Removes a stored card: the row stays for the audit trail, its token does not. */
export async function removeCard(
  tx: Database,
  actor: { customerId: string; userId: string },
  cardId: string,
): Promise<void> {
  const [row] = await tx
    .update(savedCards)
    .set({ deletedAt: new Date(), processorToken: null })
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.customerId, actor.customerId),
        isNull(savedCards.deletedAt),
      ),
    )
    .returning();
  if (!row) throw new AppError('card_not_found');
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'saved_card.delete',
    target: row.id,
    details: { brand: row.brand, last4: row.last4 },
  });
}
