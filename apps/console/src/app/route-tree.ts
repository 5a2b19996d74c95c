import { appRoutes, consoleApps } from './console-apps';
import { authCallbackRoute } from './routes/auth-callback-route';
import { authenticatedRoute } from './routes/authenticated-route';
import { homeRoute } from './routes/home-route';
import { loginRoute } from './routes/login-route';
import { logoutRoute } from './routes/logout-route';
import { notFoundRoute } from './routes/not-found-route';
import { publicOnboardingRoutes } from './routes/public-routes';
import { rootRoute } from './routes/root-route';
import { shellRoutes } from './routes/shell-routes';

/**
 * Every route of the console: the shell's and the console apps'. Public routes hang off the
 * root; everything that needs a signed-in user sits under the authenticated layout. Screen code
 * loads lazily: one chunk per shell screen, one per console app.
 */
export const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  authCallbackRoute,
  ...publicOnboardingRoutes,
  ...appRoutes(consoleApps, 'publicRoutes'),
  authenticatedRoute.addChildren([
    homeRoute,
    ...shellRoutes,
    ...appRoutes(consoleApps, 'signedInRoutes'),
  ]),
  notFoundRoute,
]);
