import { createRoute } from '@tanstack/react-router';
import { LogoutPage } from '../../features/auth/components/logout-page';
import { rootRoute } from './root-route';

export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'logout',
  staticData: { name: 'logout', title: 'Log out' },
  component: LogoutPage,
});
