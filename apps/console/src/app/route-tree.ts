import { authCallbackRoute } from './routes/auth-callback-route';
import { authenticatedRoute } from './routes/authenticated-route';
import { homeRoute } from './routes/home-route';
import { loginRoute } from './routes/login-route';
import { logoutRoute } from './routes/logout-route';
import { notFoundRoute } from './routes/not-found-route';
import { onboardingRoutes } from './routes/onboarding-routes';
import { publicOnboardingRoutes } from './routes/public-routes';
import { rootRoute } from './routes/root-route';
import { shellRoutes } from './routes/shell-routes';
import { teamRoutes } from './routes/team-routes';

/**
 * Every route of the shell. Public routes hang off the root; everything that needs a signed-in
 * user sits under the authenticated layout. Screen code loads lazily, one chunk per route.
 */
export const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  authCallbackRoute,
  ...publicOnboardingRoutes,
  onboardingRoutes,
  authenticatedRoute.addChildren([homeRoute, ...shellRoutes, ...teamRoutes]),
  notFoundRoute,
]);
