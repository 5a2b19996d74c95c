import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { getSelectedCustomerId, optionalString, signedInAreaRoute } from '@boon/console-kit';
import { prefetchTeamLists } from './api/team-queries';
import { parseTeamSearch } from './team-search';

export interface InviteSentSearch {
  /** The address the invite went to; the page checks its format before showing it. */
  email?: string;
}

/**
 * Team (spec 2.5: /team, /team/invite, /team/invite-sent). /team is a layout without a screen of
 * its own, so that its title and guard hold for the invite steps too: the breadcrumb reads
 * "Team › Invite team member" and reading the team is needed everywhere below it. Its route name
 * is the sidebar entry's (packages/domain sidebar.ts), so the entry appears once this is built.
 */
export const teamRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/team',
  staticData: {
    name: 'team-members',
    title: 'Team',
    meta: { requiresCustomerId: true, permissionGuards: { permissions: ['read:team_members'] } },
  },
});

export const teamIndexRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: '/',
  // No title: the layout's "Team" is this page's title and breadcrumb.
  staticData: { name: 'team' },
  // On the index, not the layout: the lists' sort is this page's alone, so the invite steps
  // below /team neither receive nor keep it.
  validateSearch: parseTeamSearch,
  // The lists are asked for here, once the entry check has brought the session up to date and
  // while the page's code is still downloading, rather than a round trip after the page has
  // rendered. Not for a preload (hovering a link): the page's queries ask when it opens.
  loader: ({ context: { api, queryClient }, preload }) => {
    const customerId = getSelectedCustomerId();
    if (!preload && customerId) prefetchTeamLists(queryClient, api, customerId);
  },
  component: lazyRouteComponent(() => import('./components/team-page'), 'TeamPage'),
});

const mayInvite = { permissions: ['write:team_members'] } as const;

export const teamInviteRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'invite',
  staticData: {
    name: 'team-invite',
    title: 'Invite team member',
    meta: { permissionGuards: mayInvite },
  },
  component: lazyRouteComponent(() => import('./components/invite-page'), 'InvitePage'),
});

export const teamInviteSentRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'invite-sent',
  staticData: {
    name: 'team-invite-sent',
    title: 'Invite sent',
    meta: { permissionGuards: mayInvite },
  },
  validateSearch: (search: Record<string, unknown>): InviteSentSearch => {
    const email = optionalString(search.email, 320);
    return email ? { email } : {};
  },
  component: lazyRouteComponent(() => import('./components/invite-sent-page'), 'InviteSentPage'),
});

export const teamRoutes = [
  teamRoute.addChildren([teamIndexRoute, teamInviteRoute, teamInviteSentRoute]),
];
