import {
  customerManagementApi as cm,
  type CustomerId,
  type CustomerUser,
  type Invite,
} from '@boon/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type ApiClient } from '@boon/console-kit';

// Team's two lists, without the screens: the route definitions (team-routes.ts, which load with
// the shell) ask for them as the page's code loads, and the page reads the same queries.

/**
 * Query keys of the team screens. The customer is part of each, so switching customers never
 * shows the previous customer's team; every change invalidates the customer's whole team.
 */
export const teamQueryKeys = {
  customer: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'team'),
  members: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'team', 'members'),
  invites: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'team', 'invites'),
};

/** GET /customer/{customerId}/users: the customer's members with their roles there. */
export function fetchTeamMembers(
  api: ApiClient,
  customerId: CustomerId,
  signal?: AbortSignal,
): Promise<CustomerUser[]> {
  return api.call(cm.listCustomerUsers, { params: { customerId }, signal });
}

/** GET /user/invite?customer_id=…: the customer's open invites, expired ones included. */
export async function fetchInvites(
  api: ApiClient,
  customerId: CustomerId,
  signal?: AbortSignal,
): Promise<Invite[]> {
  const answer = await api.call(cm.lookUpInvites, { query: { customer_id: customerId }, signal });
  // With customer_id the endpoint lists; the token lookup's single invite is the other mode.
  return Array.isArray(answer) ? answer : [];
}

/**
 * Asks for Team's lists from its route, while the accounts app's code is still on its way, so that
 * their answers are not a round trip after the page has rendered: the page's queries (useTeamMembers,
 * useInvites) find them on their way or answered. It waits for nothing.
 */
export function prefetchTeamLists(
  queryClient: QueryClient,
  api: ApiClient,
  customerId: CustomerId,
): void {
  void queryClient.prefetchQuery({
    queryKey: teamQueryKeys.members(customerId),
    queryFn: ({ signal }) => fetchTeamMembers(api, customerId, signal),
  });
  void queryClient.prefetchQuery({
    queryKey: teamQueryKeys.invites(customerId),
    queryFn: ({ signal }) => fetchInvites(api, customerId, signal),
  });
}
