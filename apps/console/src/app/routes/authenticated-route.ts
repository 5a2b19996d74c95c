import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/**
 * The layout of every signed-in page (sidebar and main content). Its guard runs before anything
 * under it loads, on every navigation: signed-out users go to /login, which brings them back here
 * afterwards; then the session is brought up to date and the guard chain of spec 5 decides on the
 * page being entered (its route metadata and its parents').
 */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  staticData: { name: 'authenticated' },
  beforeLoad: async ({ context, location, matches, preload }) => {
    if (!(await context.auth.isSignedIn())) {
      throw redirect({
        to: '/login',
        search: location.href === '/' ? {} : { redirect: location.href },
        replace: true,
      });
    }
    const shell = await context.signedInShell();
    const session = await shell.session.load({ preload });
    const { enforceRouteGuards } = await import('../signed-in-shell');
    enforceRouteGuards({
      location,
      metaChain: matches.map((match) => match.staticData.meta),
      preload,
      navigation: context.navigation(),
      session,
    });
    return { shell, session };
  },
}).lazy(() => import('./authenticated-layout.lazy').then((module) => module.Route));
