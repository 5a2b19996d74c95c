import { createRoute, redirect } from '@tanstack/react-router';
import { InviteLinkPage } from '../../features/auth/components/invite-link-page';
import { SignupPage } from '../../features/auth/components/signup-page';
import { setOnboardingFlag, optionalString } from '@boon/console-kit';
import { rootRoute } from './root-route';

/** The longest e-mail address a link may carry (as /login takes it). */
const EMAIL_MAX_LENGTH = 320;

export interface SignupSearch {
  /** Pre-fills the provider's sign-up form. */
  email?: string;
}

function emailSearch(search: Record<string, unknown>): SignupSearch {
  const email = optionalString(search.email, EMAIL_MAX_LENGTH);
  return email ? { email } : {};
}

/** /signup (spec 2.2): the provider's sign-up screen, with the email query as login hint. */
export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup',
  staticData: { name: 'signup', title: 'Sign up' },
  validateSearch: emailSearch,
  component: function SignupRoute() {
    const { email } = signupRoute.useSearch();
    return <SignupPage email={email} />;
  },
});

export interface InviteLinkSearch extends SignupSearch {
  /** The invite's token, from the invite mail's link. */
  token?: string;
}

/** /invite-link (spec 2.2): keeps the invite token, then sign-up for the invited address. */
export const inviteLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invite-link',
  staticData: { name: 'invite-link', title: 'Accept invite' },
  validateSearch: (search: Record<string, unknown>): InviteLinkSearch => {
    const token = optionalString(search.token, 200);
    return { ...emailSearch(search), ...(token ? { token } : {}) };
  },
  component: function InviteLinkRoute() {
    const { email, token } = inviteLinkRoute.useSearch();
    return <InviteLinkPage email={email} token={token} />;
  },
});

/**
 * /onboarding-link (spec 2.2): marks this browser's user as creating a new customer (the
 * onboarding flag, the string 'true' in localStorage), then goes on to /signup with the email.
 * Preloading (hovering a link to it) sets nothing.
 */
export const onboardingLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'onboarding-link',
  staticData: { name: 'onboarding-link', title: 'Sign up' },
  validateSearch: emailSearch,
  beforeLoad: ({ search, preload }) => {
    if (!preload) setOnboardingFlag();
    throw redirect({
      to: '/signup',
      search: search.email ? { email: search.email } : {},
      replace: true,
    });
  },
});

export const publicOnboardingRoutes = [signupRoute, inviteLinkRoute, onboardingLinkRoute];
