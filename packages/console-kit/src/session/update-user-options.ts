import { customerManagementApi as cm, type UserMe, type UserOptionsUpdate } from '@boon/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { useAppStore } from '../state/app-store';
import { userMeQueryKey, userMeQueryPrefix } from './get-user-me';

/** PATCH {customerManagement}/user/me/options; answers the updated user (as GET /user/me does). */
export async function updateUserOptions(
  api: ApiClient,
  options: UserOptionsUpdate,
): Promise<UserMe> {
  return api.call(cm.updateUserOptions, { body: options });
}

/**
 * Puts the updated user everywhere the console keeps it: the /user/me query of the customer it
 * was read for, the options of every other cached /user/me (options belong to the user, not to a
 * customer), and the global state the guards and the consent gate read.
 */
export function applyUpdatedUser(queryClient: QueryClient, user: UserMe): void {
  const { customerId, setUser } = useAppStore.getState();
  queryClient.setQueriesData<UserMe>({ queryKey: userMeQueryPrefix }, (cached) =>
    cached ? { ...cached, options: user.options } : cached,
  );
  queryClient.setQueryData(userMeQueryKey(customerId), user);
  setUser(user);
}
