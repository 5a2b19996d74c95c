import type { QueryClient } from '@tanstack/react-query';
import {
  type ApiClient,
  readInviteToken,
  acceptStoredInvite,
  alertActivationFailed,
  redirectToDestination,
  destinationTarget,
  screenOfPath,
  screensAllowedFor,
  forgetAccountQueries,
  onboardingSnapshotQueryOptions,
  refreshOnboardingSnapshot,
  type OnboardingSnapshot,
  type Auth,
} from '@boon/console-kit';

export interface OnboardingScreenEntry {
  api: ApiClient;
  auth: Auth;
  queryClient: QueryClient;
  pathname: string;
  preload: boolean;
}

/**
 * The entry check of every signed-in onboarding screen: the state is derived (spec 4.1) and a user
 * on a screen their state does not call for is sent to the one it does, so nobody sits on the
 * wrong step (a member opening company-details goes home). An existing user who carries an invite
 * token joins its customer first. Resolves with the snapshot for the screen to show.
 */
export async function guardOnboardingScreen({
  api,
  auth,
  queryClient,
  pathname,
  preload,
}: OnboardingScreenEntry): Promise<OnboardingSnapshot> {
  const sources = { api, getAccessToken: () => auth.getAccessToken() };
  let onboarding = await queryClient.fetchQuery(onboardingSnapshotQueryOptions(sources));
  let activationFailed = false;
  if (!preload && onboarding.user && readInviteToken()) {
    const acceptance = await acceptStoredInvite(api);
    if (acceptance === 'activated') {
      forgetAccountQueries(queryClient);
      onboarding = await refreshOnboardingSnapshot(queryClient, sources);
    }
    activationFailed = acceptance === 'failed';
  }
  const screen = screenOfPath(pathname);
  const allowed = screen !== null && screensAllowedFor(onboarding.destination).includes(screen);
  if (activationFailed) {
    alertActivationFailed(allowed ? pathname : destinationTarget(onboarding.destination).href);
  }
  if (!allowed) throw redirectToDestination(onboarding.destination, queryClient);
  return onboarding;
}
