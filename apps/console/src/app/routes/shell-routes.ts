import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseMailboxSearch } from '../../features/mailbox/mailbox-search';
import { authenticatedRoute } from './authenticated-route';

/**
 * The shell's own signed-in screens (spec 2.5 "Other", "Admin and debug"), each loaded as its
 * own chunk; staff's customer screen belongs to the accounts app. The /debug tools are flat
 * routes, not children of /debug, so that the feature-toggle screen stays reachable while the
 * debugViews toggle is off.
 */
export const helpRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/help',
  staticData: { name: 'help', title: 'Help', meta: { allowedInPlayground: true } },
  component: lazyRouteComponent(
    () => import('../../features/help/components/help-page'),
    'HelpPage',
  ),
});

export const userSettingsRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/user/settings',
  staticData: {
    name: 'user-settings',
    title: 'Settings',
    meta: { requiresFeatureToggle: { feature: 'userSettings' } },
  },
  component: lazyRouteComponent(
    () => import('../../features/settings/components/settings-page'),
    'SettingsPage',
  ),
});

const debugViews = { feature: 'debugViews' } as const;
const designViews = { feature: 'designViews' } as const;

export const debugRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug',
  staticData: {
    name: 'debug',
    title: 'Debug',
    meta: { staffOnly: true, requiresFeatureToggle: debugViews },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/debug-page'),
    'DebugPage',
  ),
});

export const debugFeatureTogglesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/features',
  staticData: {
    name: 'debug-feature-toggles',
    title: 'Feature toggles',
    meta: { staffOnly: true },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/feature-toggles-page'),
    'FeatureTogglesPage',
  ),
});

export const debugComponentLibraryRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/component',
  staticData: {
    name: 'debug-component-library',
    title: 'Component library',
    meta: { staffOnly: true, requiresFeatureToggle: designViews },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/component-library-page'),
    'ComponentLibraryPage',
  ),
});

export const debugThemeRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/theme',
  staticData: {
    name: 'debug-theme',
    title: 'Theme',
    meta: { staffOnly: true, requiresFeatureToggle: designViews },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/theme-page'),
    'ThemePage',
  ),
});

export const debugFullPageLoaderRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/full-page-loader',
  staticData: {
    name: 'debug-full-page-loader',
    title: 'Full page loader',
    meta: { staffOnly: true, requiresFeatureToggle: debugViews },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/full-page-loader-page'),
    'FullPageLoaderPage',
  ),
});

export const debugOrderCompleteRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/order-complete',
  staticData: {
    name: 'debug-order-complete',
    title: 'Order complete',
    meta: { staffOnly: true, requiresFeatureToggle: debugViews },
  },
  component: lazyRouteComponent(
    () => import('../../features/debug/components/order-complete-page'),
    'OrderCompletePage',
  ),
});

export const debugMailboxRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/debug/mailbox',
  // Staff only, without the debugViews toggle: reading mail is an operational need on an install
  // without SMTP, not a developer tool.
  staticData: { name: 'debug-mailbox', title: 'Mailbox', meta: { staffOnly: true } },
  validateSearch: parseMailboxSearch,
  component: lazyRouteComponent(
    () => import('../../features/mailbox/components/mailbox-page'),
    'MailboxPage',
  ),
});

export const shellRoutes = [
  debugMailboxRoute,
  helpRoute,
  userSettingsRoute,
  debugRoute,
  debugFeatureTogglesRoute,
  debugComponentLibraryRoute,
  debugThemeRoute,
  debugFullPageLoaderRoute,
  debugOrderCompleteRoute,
];
