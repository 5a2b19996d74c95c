import { savedCardsApi as api } from '@boon/contracts';
import { requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { listSavedCards, toSavedCard } from '../saved-card-repository.js';
import { removeCard, storeCard } from '../store-card.js';

/** Stored payment cards: list, add from a processor token, remove. */
export const cardRoutes = [
  route(api.listCards, async ({ customerId }, { db }) => ({
    items: (await listSavedCards(db, customerId)).map(toSavedCard),
  })),

  route(api.createCard, async ({ request, customerId, body, transaction }, deps) => {
    const actor = { customerId, userId: requireUser(request).user.id };
    // The processor is another party: asked before the transaction opens, never inside it.
    const card = await deps.cardProcessor.describeToken(body.cardToken);
    return transaction((tx) => storeCard(tx, actor, body.cardToken, card));
  }),

  route(api.deleteCard, async ({ request, customerId, params, transaction }) => {
    const actor = { customerId, userId: requireUser(request).user.id };
    await transaction((tx) => removeCard(tx, actor, params.cardId));
    return undefined;
  }),
];
