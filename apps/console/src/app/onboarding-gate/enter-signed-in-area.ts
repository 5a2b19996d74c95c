import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { track } from '../../analytics/analytics';
import type { Auth } from '../../auth/auth-client';
import type { SessionSnapshot, SignedInSession } from '../../session/signed-in-session';
import {
  clearOnboardingFlag,
  acceptStoredInvite,
  alertActivationFailed,
  redirectToDestination,
  destinationTarget,
  loadOnboardingSnapshot,
  forgetAccountQueries,
  onboardingSnapshotKey,
} from '@boon/console-kit';
import { OnboardingRequired } from '../../session/onboarding-required';

/** Spec 4.1: the analytics event of a user who arrives at a customer (BelongsToActiveCustomer). */
export const USER_LOGGED_IN_EVENT = 'User logged in';

export interface SignedInEntry {
  session: SignedInSession;
  auth: Auth;
  queryClient: QueryClient;
  /** The address being entered, where an alert about it is shown. */
  href: string;
  preload: boolean;
}

/** Sessions (one per page load) whose arrival has been recorded. */
const arrived = new WeakSet<SignedInSession>();

/**
 * The onboarding gate of the signed-in pages (spec 4.1), run before any of them loads.
 *
 * A user without a backend user, or without a customer (and not staff), is sent to the
 * destination their onboarding state calls for; one who carries an invite token is first made a
 * member with it. A member arrives: a stored invite is accepted (the alert of spec 8 when that
 * fails), the onboarding flag is cleared and "User logged in" is recorded, once per page load.
 * Preloading (hovering a link) only reads.
 */
export async function enterSignedInArea(entry: SignedInEntry): Promise<SessionSnapshot> {
  return enter(entry, true);
}

async function enter(entry: SignedInEntry, mayAcceptInvite: boolean): Promise<SessionSnapshot> {
  const { session, queryClient, preload } = entry;
  let snapshot: SessionSnapshot;
  try {
    snapshot = await session.load({ preload });
  } catch (error) {
    if (!(error instanceof OnboardingRequired)) throw error;
    if (preload) throw redirect({ to: '/onboard' });
    return onboard(entry, error, mayAcceptInvite);
  }
  if (preload) return snapshot;

  if (mayAcceptInvite) {
    const acceptance = await acceptStoredInvite(session.api);
    if (acceptance === 'activated') {
      forgetAccountQueries(queryClient);
      return enter(entry, false);
    }
    if (acceptance === 'failed') alertActivationFailed(entry.href);
  }
  clearOnboardingFlag();
  if (!arrived.has(session)) {
    arrived.add(session);
    track(USER_LOGGED_IN_EVENT);
  }
  return snapshot;
}

/** Sends a user who cannot use the signed-in pages yet to their onboarding destination. */
async function onboard(
  entry: SignedInEntry,
  { user }: OnboardingRequired,
  mayAcceptInvite: boolean,
): Promise<SessionSnapshot> {
  const { session, auth, queryClient } = entry;
  // An existing user who opened an invite link joins its customer and may go on at once.
  const acceptance = user && mayAcceptInvite ? await acceptStoredInvite(session.api) : 'none';
  if (acceptance === 'activated') {
    forgetAccountQueries(queryClient);
    return enter(entry, false);
  }
  const onboarding = await loadOnboardingSnapshot({
    api: session.api,
    getAccessToken: () => auth.getAccessToken(),
    user,
  });
  queryClient.setQueryData(onboardingSnapshotKey, onboarding);
  if (onboarding.destination === 'home') {
    // Only staff or members go home, and neither is sent here: the server contradicts itself.
    throw new Error('The onboarding state says home for a user who cannot use the console yet');
  }
  if (acceptance === 'failed')
    alertActivationFailed(destinationTarget(onboarding.destination).href);
  throw redirectToDestination(onboarding.destination, queryClient);
}
