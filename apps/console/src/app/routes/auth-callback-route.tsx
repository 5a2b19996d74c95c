import { createRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../features/auth/components/auth-callback-page';
import { rootRoute } from './root-route';

export const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth/callback',
  staticData: { name: 'auth-callback', title: 'Logging in' },
  component: AuthCallbackPage,
});
