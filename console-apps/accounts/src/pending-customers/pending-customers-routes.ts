import { signedInAreaRoute } from '@boon/console-kit';
import { createRoute, lazyRouteComponent, type SearchSchemaInput } from '@tanstack/react-router';
import {
  parsePendingCustomersSearch,
  type PendingCustomersSearch,
} from './pending-customers-search';

/** Customers (spec 2.5 admin: /admin/pending-customers): staff decide on companies that asked to join. */
export const pendingCustomersRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/admin/pending-customers',
  staticData: {
    name: 'pending-customers',
    title: 'Customers',
    meta: { staffOnly: true, requiresFeatureToggle: { feature: 'staffViews' } },
  },
  // A link may leave the status out: the page then shows the default filter (Pending).
  validateSearch: (search: Partial<PendingCustomersSearch> & SearchSchemaInput) =>
    parsePendingCustomersSearch(search as Record<string, unknown>),
  component: lazyRouteComponent(
    () => import('./components/pending-customers-page'),
    'PendingCustomersPage',
  ),
});
