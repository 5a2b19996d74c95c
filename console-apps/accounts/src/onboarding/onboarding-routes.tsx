import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { consoleRootRoute, optionalString } from '@boon/console-kit';

/**
 * Onboarding (spec 2.3): /onboard and its screens, outside the authenticated layout, so the
 * sidebar is hidden and a user without a backend user or customer can reach them. closed and
 * verify-email are public; the other screens need a signed-in user, whose onboarding state
 * (spec 4.1) decides which of them they may be on.
 */
export const onboardRoute = createRoute({
  getParentRoute: () => consoleRootRoute,
  path: 'onboard',
  staticData: { name: 'onboarding', title: 'Set up your account' },
  component: lazyRouteComponent(() => import('./components/onboarding-layout'), 'OnboardingLayout'),
});

/** /onboard redirects to /onboard/account-details (spec 2.3). */
export const onboardIndexRoute = createRoute({
  getParentRoute: () => onboardRoute,
  path: '/',
  staticData: { name: 'onboarding-index' },
  beforeLoad: () => {
    throw redirect({ to: '/onboard/account-details', replace: true });
  },
});

export const onboardClosedRoute = createRoute({
  getParentRoute: () => onboardRoute,
  path: 'closed',
  staticData: { name: 'onboarding-closed', title: 'Account closed' },
  component: lazyRouteComponent(() => import('./components/closed-page'), 'ClosedPage'),
});

export interface VerifyEmailSearch {
  /** The address to verify (spec 2.3: verify-email takes a query email). */
  email?: string;
}

export const onboardVerifyEmailRoute = createRoute({
  getParentRoute: () => onboardRoute,
  path: 'verify-email',
  staticData: { name: 'onboarding-verify-email', title: 'Verify your e-mail' },
  validateSearch: (search: Record<string, unknown>): VerifyEmailSearch => {
    const email = optionalString(search.email, 320);
    return email ? { email } : {};
  },
  component: lazyRouteComponent(
    () => import('./components/verify-email-page'),
    'VerifyEmailRoutePage',
  ),
});

/**
 * The signed-in onboarding screens. Signed-out users go to /login, which brings them back; then
 * the entry check derives the onboarding state and sends a user on the wrong screen to the right
 * one (or home, or to book a demo). A backend user or customer is not needed.
 */
export const onboardSignedInRoute = createRoute({
  getParentRoute: () => onboardRoute,
  id: 'signed-in',
  staticData: { name: 'onboarding-signed-in' },
  beforeLoad: async ({ context, location, preload }) => {
    if (!(await context.auth.isSignedIn())) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    const [api, { guardOnboardingScreen }] = await Promise.all([
      context.signedInApi(),
      import('./guard-onboarding-screen'),
    ]);
    const onboarding = await guardOnboardingScreen({
      api,
      auth: context.auth,
      queryClient: context.queryClient,
      pathname: location.pathname,
      preload,
    });
    return { api, onboarding };
  },
  component: lazyRouteComponent(
    () => import('./components/onboarding-signed-in-outlet'),
    'OnboardingSignedInOutlet',
  ),
});

export const onboardAccountDetailsRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'account-details',
  staticData: { name: 'onboarding-account-details', title: 'Your details', scrollToTop: true },
  component: lazyRouteComponent(
    () => import('./components/account-details-page'),
    'AccountDetailsPage',
  ),
});

export const onboardCompanyDetailsRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'company-details',
  staticData: { name: 'onboarding-company-details', title: 'Your company', scrollToTop: true },
  component: lazyRouteComponent(
    () => import('./components/company-details-page'),
    'CompanyDetailsPage',
  ),
});

export const onboardUserSegmentationRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'user-segmentation',
  staticData: {
    name: 'onboarding-user-segmentation',
    title: 'About your rewards',
    scrollToTop: true,
  },
  component: lazyRouteComponent(
    () => import('./components/user-segmentation-page'),
    'UserSegmentationPage',
  ),
});

export const onboardCustomerExistsRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'customer-exists',
  staticData: {
    name: 'onboarding-customer-exists',
    title: 'Your company already has an account',
    scrollToTop: true,
  },
  component: lazyRouteComponent(
    () => import('./components/customer-exists-page'),
    'CustomerExistsPage',
  ),
});

export const onboardPendingConfirmationRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'pending-confirmation',
  staticData: {
    name: 'onboarding-pending-confirmation',
    title: 'Verifying your company',
    scrollToTop: true,
  },
  component: lazyRouteComponent(
    () => import('./components/pending-confirmation-page'),
    'PendingConfirmationPage',
  ),
});

export const onboardTakingLongRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'taking-long',
  staticData: {
    name: 'onboarding-taking-long',
    title: 'Setting up your account',
    scrollToTop: true,
  },
  component: lazyRouteComponent(() => import('./components/taking-long-page'), 'TakingLongPage'),
});

export const onboardPersonalEmailRestrictionRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'personal-email-restriction',
  staticData: {
    name: 'onboarding-personal-email-restriction',
    title: 'Use your company e-mail',
    scrollToTop: true,
  },
  component: lazyRouteComponent(
    () => import('./components/personal-email-restriction-page'),
    'PersonalEmailRestrictionPage',
  ),
});

export const onboardInviteExpiredRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'invite-expired',
  staticData: { name: 'onboarding-invite-expired', title: 'Invite expired', scrollToTop: true },
  component: lazyRouteComponent(
    () => import('./components/invite-expired-page'),
    'InviteExpiredPage',
  ),
});

/** Spec 4.1's UnknownState destination, "the book-a-demo page", as a screen of the product. */
export const onboardBookADemoRoute = createRoute({
  getParentRoute: () => onboardSignedInRoute,
  path: 'book-a-demo',
  staticData: { name: 'onboarding-book-a-demo', title: 'Getting started', scrollToTop: true },
  component: lazyRouteComponent(() => import('./components/book-a-demo-page'), 'BookADemoPage'),
});

export const onboardingRoutes = onboardRoute.addChildren([
  onboardIndexRoute,
  onboardClosedRoute,
  onboardVerifyEmailRoute,
  onboardSignedInRoute.addChildren([
    onboardAccountDetailsRoute,
    onboardCompanyDetailsRoute,
    onboardUserSegmentationRoute,
    onboardCustomerExistsRoute,
    onboardPendingConfirmationRoute,
    onboardTakingLongRoute,
    onboardPersonalEmailRestrictionRoute,
    onboardInviteExpiredRoute,
    onboardBookADemoRoute,
  ]),
]);
