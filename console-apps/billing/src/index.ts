import type { ConsoleAppManifest } from '@boon/console-kit';
import { billingRoutes } from './billing-routes';

/**
 * The billing application (spec 2.5): balances and adding funds so far. Only the route
 * definitions load with the shell; every screen is in the app's one lazy chunk.
 */
export const billingApp = {
  name: 'billing',
  publicRoutes: [],
  signedInRoutes: billingRoutes,
} as const satisfies ConsoleAppManifest;
