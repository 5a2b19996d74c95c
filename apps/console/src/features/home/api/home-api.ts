import {
  customerManagementApi as cm,
  type Customer,
  type CustomerId,
  type CustomerUser,
  type Invite,
  type UserMe,
} from '@boon/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys, useApiClient, type ApiClient } from '@boon/console-kit';

/**
 * Home's queries. The team ones share Team's keys and answers (the accounts app's
 * `teamQueryKeys`): an invite sent on Team invalidates them, so Home's checklist is up to date
 * when the user comes back. The queue shares the Customers screen's prefix, which a decision
 * invalidates.
 */
/**
 * The most one page of the list holds (the contract's PENDING_CUSTOMER_PAGE_MAX, not imported:
 * its module builds zod schemas, which the console keeps out of its screens' chunks).
 */
const QUEUE_PAGE_SIZE = 100;

export const homeQueryKeys = {
  members: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'team', 'members'),
  invites: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'team', 'invites'),
  approvalQueue: queryKeys.staff('pending-customers', 'queue'),
};

function teamMembersQuery(api: ApiClient, customerId: CustomerId | null) {
  return queryOptions({
    queryKey: homeQueryKeys.members(customerId),
    queryFn: ({ signal }): Promise<CustomerUser[]> =>
      api.call(cm.listCustomerUsers, { params: { customerId: customerId ?? '' }, signal }),
  });
}

function teamInvitesQuery(api: ApiClient, customerId: CustomerId | null) {
  return queryOptions({
    queryKey: homeQueryKeys.invites(customerId),
    queryFn: async ({ signal }): Promise<Invite[]> => {
      const answer = await api.call(cm.lookUpInvites, {
        query: { customer_id: customerId ?? '' },
        signal,
      });
      return Array.isArray(answer) ? answer : [];
    },
  });
}

/** Whether Home asks for the team's size: for its owner's getting-started checklist. */
export function asksTeamSize(facts: {
  customer: Pick<Customer, 'playgroundMode'> | null;
  user: Pick<UserMe, 'roles' | 'options'>;
}): boolean {
  return (
    facts.customer !== null &&
    !facts.customer.playgroundMode &&
    facts.user.roles.includes('owner') &&
    !(facts.user.options.gettingStartedDismissed ?? true)
  );
}

/**
 * Asks for what Home's checklist will ask for, from Home's route as the page's code loads, so
 * that the answers are not a round trip after Home has rendered. It waits for nothing.
 */
export function prefetchTeamSize(
  queryClient: QueryClient,
  api: ApiClient,
  customerId: CustomerId,
): void {
  void queryClient.prefetchQuery(teamMembersQuery(api, customerId));
  void queryClient.prefetchQuery(teamInvitesQuery(api, customerId));
}

/** How many people the customer has and has invited; null while not known (or not asked). */
export function useTeamSize(customerId: CustomerId | null, enabled: boolean) {
  const api = useApiClient();
  const asked = enabled && customerId !== null;
  const members = useQuery({ ...teamMembersQuery(api, customerId), enabled: asked });
  const invites = useQuery({ ...teamInvitesQuery(api, customerId), enabled: asked });
  if (!members.data || !invites.data) return null;
  return { members: members.data.length, invites: invites.data.length };
}

/**
 * The requests waiting for staff (status PENDING), counted from one page of the most the list
 * gives; `more` when there are more than that.
 */
export function useApprovalQueue(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: homeQueryKeys.approvalQueue,
    queryFn: async ({ signal }) => {
      const page = await api.call(cm.listPendingCustomers, {
        query: { status: 'PENDING', limit: QUEUE_PAGE_SIZE },
        signal,
        withCustomerId: false,
      });
      return { count: page.items.length, more: page.nextCursor !== null };
    },
    enabled,
  });
}
