import type { ConsoleAppManifest } from '@boon/console-kit';
import { ordersRoutes } from './orders-routes';

/**
 * The orders application (spec 2.4): ordering a reward by e-mail or by link, the order history
 * and an order's details. Only the route definitions load with the shell; every screen is in the
 * app's one lazy chunk.
 */
export const ordersApp = {
  name: 'orders',
  publicRoutes: [],
  signedInRoutes: ordersRoutes,
} as const satisfies ConsoleAppManifest;
