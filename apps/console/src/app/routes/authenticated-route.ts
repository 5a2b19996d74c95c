import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/**
 * The layout of every signed-in page (sidebar and main content). Its guard runs before anything
 * under it loads: signed-out users go to /login, which brings them back here afterwards.
 */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  staticData: { name: 'authenticated' },
  beforeLoad: async ({ context, location }) => {
    if (await context.auth.isSignedIn()) return;
    throw redirect({
      to: '/login',
      search: location.href === '/' ? {} : { redirect: location.href },
      replace: true,
    });
  },
}).lazy(() => import('./authenticated-layout.lazy').then((module) => module.Route));
