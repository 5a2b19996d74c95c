import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { rootRoute } from './root-route';
import { optionalString } from '@boon/console-kit';

export interface LoginSearch {
  /** Pre-fills the provider's sign-in form. */
  email?: string;
  /** The in-app path the guard was protecting. */
  redirect?: string;
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { name: 'login', title: 'Log in' },
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const email = optionalString(search.email, 320);
    const redirect = optionalString(search.redirect);
    return { ...(email ? { email } : {}), ...(redirect ? { redirect } : {}) };
  },
  component: function LoginRoute() {
    const { email, redirect } = loginRoute.useSearch();
    return <LoginPage email={email} returnTo={redirect} />;
  },
});
