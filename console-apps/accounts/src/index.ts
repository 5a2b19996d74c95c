import type { ConsoleAppManifest } from '@boon/console-kit';
import { onboardingRoutes } from './onboarding/onboarding-routes';
import { pendingCustomersRoute } from './pending-customers/pending-customers-routes';
import { teamRoutes } from './team/team-routes';

/**
 * The accounts application (spec 2.5): onboarding, the team and its invites, and staff's
 * customer screen. Only the route definitions load with the shell; every screen is in the
 * app's one lazy chunk (accounts-screens.ts).
 */
export const accountsApp = {
  name: 'accounts',
  publicRoutes: [onboardingRoutes],
  signedInRoutes: [...teamRoutes, pendingCustomersRoute],
} as const satisfies ConsoleAppManifest;
