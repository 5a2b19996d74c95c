import { z } from 'zod';
import { text } from './text.js';

/**
 * Stored payment cards (decisions.md's saved-cards service). A card is known by the
 * processor's token and what a person needs to recognise it; its number never reaches us.
 */
export const savedCardIdSchema = text().regex(/^CARD-[A-Z0-9]{8,26}$/, 'Invalid card id');

/** A token from the card processor's frame. */
export const cardTokenSchema = text().regex(/^tok_[A-Za-z0-9]{8,40}$/, 'Invalid card token');

export const savedCardSchema = z.object({
  cardId: savedCardIdSchema,
  brand: text(),
  last4: text().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  holderName: text().nullable(),
  createdAt: text(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z.object({ items: z.array(savedCardSchema) });
export type SavedCardList = z.infer<typeof savedCardListSchema>;

export const savedCardCreateSchema = z.strictObject({ cardToken: cardTokenSchema });
export type SavedCardCreate = z.infer<typeof savedCardCreateSchema>;

export const savedCardPathSchema = z.strictObject({ cardId: savedCardIdSchema });

/** How many cards a company may keep: enough for every team's card, few enough to review. */
export const SAVED_CARDS_MAX = 10;
