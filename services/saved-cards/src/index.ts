import { defineService } from '@boon/service-kit';
import type { SavedCardsDeps } from './deps.js';
import { cardRoutes } from './routes/card-routes.js';

/** Stored payment cards; billing charges them through `savedCardToken`, never their table. */
export const savedCardsService = defineService<SavedCardsDeps>({
  name: 'savedCards',
  routes: cardRoutes,
});
export type { SavedCardsDeps } from './deps.js';
export { savedCardToken } from './saved-card-repository.js';
