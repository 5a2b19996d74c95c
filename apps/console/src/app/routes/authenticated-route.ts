import { createRoute, redirect } from '@tanstack/react-router';
import { takeSignupAfterLogout } from '../../features/onboarding/onboarding-storage';
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
      // "Sign up with another e-mail" (onboarding) logs out first; the logout ends here.
      if (!preload && takeSignupAfterLogout()) throw redirect({ to: '/signup', replace: true });
      throw redirect({
        to: '/login',
        search: location.href === '/' ? {} : { redirect: location.href },
        replace: true,
      });
    }
    const shell = await context.signedInShell();
    // The onboarding gate (spec 4.1): users without a backend user or customer go to onboarding.
    const { enterSignedInArea } =
      await import('../../features/onboarding/gate/enter-signed-in-area');
    const session = await enterSignedInArea({
      session: shell.session,
      auth: context.auth,
      queryClient: context.queryClient,
      href: location.href,
      preload,
    });
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
