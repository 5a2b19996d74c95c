import type {
  AssignableRole,
  CustomerId,
  CustomerUser,
  Invite,
  InviteCreate,
} from '@boon/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-client-context';

/**
 * Query keys of the team screens. The customer is part of each, so switching customers never
 * shows the previous customer's team; every change invalidates the customer's whole team.
 */
export const teamQueryKeys = {
  customer: (customerId: CustomerId | null) => ['team', customerId] as const,
  members: (customerId: CustomerId | null) => ['team', customerId, 'members'] as const,
  invites: (customerId: CustomerId | null) => ['team', customerId, 'invites'] as const,
};

const segment = encodeURIComponent;

/** GET /customer/{customerId}/users: the customer's members with their roles there. */
export function fetchTeamMembers(
  api: ApiClient,
  customerId: CustomerId,
  signal?: AbortSignal,
): Promise<CustomerUser[]> {
  return api.request<CustomerUser[]>(
    'customerManagement',
    `/customer/${segment(customerId)}/users`,
    { signal },
  );
}

/** GET /user/invite?customer_id=…: the customer's open invites, expired ones included. */
export function fetchInvites(
  api: ApiClient,
  customerId: CustomerId,
  signal?: AbortSignal,
): Promise<Invite[]> {
  return api.request<Invite[]>('customerManagement', '/user/invite', {
    query: { customer_id: customerId },
    signal,
  });
}

/** POST /user/invite: invites an address to the selected customer (x-customer-id). */
export function createInvite(api: ApiClient, invite: InviteCreate): Promise<Invite> {
  return api.request<Invite>('customerManagement', '/user/invite', {
    method: 'POST',
    body: invite,
  });
}

/** POST /user/invite/resend: sends the invite again, valid for another 7 days. */
export function resendInvite(
  api: ApiClient,
  customerId: CustomerId,
  email: string,
): Promise<Invite> {
  return api.request<Invite>('customerManagement', '/user/invite/resend', {
    method: 'POST',
    query: { email, customer_id: customerId },
  });
}

/** DELETE /user/invite: revokes the open invite of an address. */
export async function revokeInvite(
  api: ApiClient,
  customerId: CustomerId,
  email: string,
): Promise<void> {
  await api.request('customerManagement', '/user/invite', {
    method: 'DELETE',
    query: { email, customer_id: customerId },
  });
}

/** PUT /user/{userId}/roles: the member's roles at the selected customer. */
export function changeMemberRoles(
  api: ApiClient,
  userId: string,
  roles: AssignableRole[],
): Promise<CustomerUser> {
  return api.request<CustomerUser>('customerManagement', `/user/${segment(userId)}/roles`, {
    method: 'PUT',
    body: { roles },
  });
}

/** DELETE /customer/{customerId}/user/{userId}: the member leaves the customer. */
export async function removeMember(
  api: ApiClient,
  customerId: CustomerId,
  userId: string,
): Promise<void> {
  await api.request(
    'customerManagement',
    `/customer/${segment(customerId)}/user/${segment(userId)}`,
    {
      method: 'DELETE',
    },
  );
}

/** The selected customer's members; idle until a customer is chosen. */
export function useTeamMembers(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamQueryKeys.members(customerId),
    queryFn: customerId ? ({ signal }) => fetchTeamMembers(api, customerId, signal) : skipToken,
  });
}

/** The selected customer's open invites; idle until a customer is chosen. */
export function useInvites(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamQueryKeys.invites(customerId),
    queryFn: customerId ? ({ signal }) => fetchInvites(api, customerId, signal) : skipToken,
  });
}
