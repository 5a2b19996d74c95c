import { createRootRouteWithContext, createRoute } from '@tanstack/react-router';
import type { ConsoleRouterContext } from './console-router-context';

/**
 * Where console apps hang their routes. Public pages and pages with their own frame (onboarding)
 * are children of the root; pages in the signed-in layout (sidebar, banners, the guard chain) are
 * children of the signed-in area. The shell composes the tree and gives both their components.
 */
export const consoleRootRoute = createRootRouteWithContext<ConsoleRouterContext>()({
  staticData: { name: 'root' },
});

/** The signed-in layout: its entry check runs before anything under it loads, on every navigation. */
export const signedInAreaRoute = createRoute({
  getParentRoute: () => consoleRootRoute,
  id: 'authenticated',
  staticData: { name: 'authenticated' },
  beforeLoad: ({ context, location, matches, preload }) =>
    context.enterSignedInArea({ location, matches, preload }),
});
