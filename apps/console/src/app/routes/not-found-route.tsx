import { createRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { rootRoute } from './root-route';

/**
 * The catch-all. It hangs off the root, outside the authenticated layout, so an unknown path
 * shows "Page not found" to everyone instead of sending signed-out visitors to login.
 */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { name: 'not-found', title: 'Page not found' },
  component: NotFoundPage,
});
