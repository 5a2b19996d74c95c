import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./saved-cards-schemas.js');
const service = 'savedCards';

export const listCards = defineEndpoint({
  service,
  method: 'GET',
  path: '/cards',
  summary: "The selected customer's stored payment cards, newest first",
  access: { permissions: ['read:payment_cards'] },
  tenant: 'header',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.savedCardListSchema })),
});

export const createCard = defineEndpoint({
  service,
  method: 'POST',
  path: '/cards',
  summary:
    "Store a card for later top-ups: the card processor's token from its card frame (never the card number)",
  access: { permissions: ['write:payment_cards'] },
  tenant: 'header',
  successStatus: 201,
  idempotency: 'optional',
  errors: ['card_token_invalid', 'card_expired', 'saved_cards_limit'],
  schemas: () =>
    schemas().then((s) => ({ body: s.savedCardCreateSchema, response: s.savedCardSchema })),
});

export const deleteCard = defineEndpoint({
  service,
  method: 'DELETE',
  path: '/cards/:cardId',
  summary: 'Remove a stored card; top-ups already paid with it are not affected',
  access: { permissions: ['delete:payment_cards'] },
  tenant: 'header',
  successStatus: 204,
  errors: ['card_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.savedCardPathSchema, response: s.noContentSchema })),
});
