import {
  customerManagementApi as cm,
  type AssignableRole,
  type CustomerId,
  type CustomerUser,
  type Invite,
  type InviteCreate,
} from '@boon/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '@boon/console-kit';
import { fetchInvites, fetchTeamMembers, teamQueryKeys } from './team-queries';

export { fetchInvites, fetchTeamMembers, teamQueryKeys };

/** POST /user/invite: invites an address to the selected customer (x-customer-id), once per key. */
export function createInvite(
  api: ApiClient,
  invite: InviteCreate,
  idempotencyKey: string,
): Promise<Invite> {
  return api.call(cm.createInvite, { body: invite, idempotencyKey });
}

/** POST /user/invite/resend: sends the invite again, valid for another 7 days. */
export function resendInvite(
  api: ApiClient,
  customerId: CustomerId,
  email: string,
): Promise<Invite> {
  return api.call(cm.resendInvite, { query: { email, customer_id: customerId } });
}

/** DELETE /user/invite: revokes the open invite of an address. */
export async function revokeInvite(
  api: ApiClient,
  customerId: CustomerId,
  email: string,
): Promise<void> {
  await api.call(cm.revokeInvite, { query: { email, customer_id: customerId } });
}

/** PUT /user/{userId}/roles: the member's roles at the selected customer. */
export function changeMemberRoles(
  api: ApiClient,
  userId: string,
  roles: AssignableRole[],
): Promise<CustomerUser> {
  return api.call(cm.changeMemberRoles, { params: { userId }, body: { roles } });
}

/** DELETE /customer/{customerId}/user/{userId}: the member leaves the customer. */
export async function removeMember(
  api: ApiClient,
  customerId: CustomerId,
  userId: string,
): Promise<void> {
  await api.call(cm.removeMember, { params: { customerId, userId } });
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
