import type { ConsoleAppManifest } from '@boon/console-kit';
import { catalogRoutes } from './catalog-routes';

/**
 * The product catalogue (spec 2.5's separately loaded "product catalog" application): the
 * network's merchants and each one's details. Only the route definitions load with the shell;
 * the screens are in the app's one lazy chunk.
 */
export const catalogApp = {
  name: 'catalog',
  publicRoutes: [],
  signedInRoutes: catalogRoutes,
} as const satisfies ConsoleAppManifest;
