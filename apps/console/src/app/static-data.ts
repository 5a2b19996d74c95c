import type { RouteMeta } from '@boon/domain';

/**
 * Route names of the spec (2.1–2.5) registered in this build. Every route declares one in
 * `staticData`, so guards, the sidebar and analytics refer to routes by name, not by path.
 * Screens of later console apps add their names as they land.
 */
export const registeredRouteNames = [
  'root',
  'authenticated',
  'home',
  'login',
  'logout',
  'auth-callback',
  'not-found',
  'signup',
  'invite-link',
  'onboarding-link',
  'onboarding',
  'onboarding-index',
  'onboarding-signed-in',
  'onboarding-account-details',
  'onboarding-company-details',
  'onboarding-user-segmentation',
  'onboarding-customer-exists',
  'onboarding-pending-confirmation',
  'onboarding-taking-long',
  'onboarding-personal-email-restriction',
  'onboarding-invite-expired',
  'onboarding-verify-email',
  'onboarding-closed',
  'help',
  'user-settings',
  'pending-customers',
  'debug',
  'debug-component-library',
  'debug-theme',
  'debug-feature-toggles',
  'debug-full-page-loader',
  'debug-order-complete',
  'debug-mailbox',
  'team-members',
  'team',
  'team-invite',
  'team-invite-sent',
] as const;
export type RouteName = (typeof registeredRouteNames)[number];

/**
 * A breadcrumb item (spec 2.7): a label and either a route name or an external link. `{product}`
 * in a label stands for the product name (e.g. "{product} Shop").
 */
export type BreadcrumbItem = { label: string } & ({ routeName: string } | { href: string });

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name: RouteName;
    /** The page title: the document title's first part and the page's breadcrumb label. */
    title?: string;
    /** The page's breadcrumb when it is not its title and route (an external link, say). */
    breadcrumb?: BreadcrumbItem;
    /** The spec's route metadata (section 3), read by the guard chain (section 5). */
    meta?: RouteMeta;
    /** Scroll to the top on entering (spec 2.7: "some steps scroll to top"). */
    scrollToTop?: boolean;
  }
}
