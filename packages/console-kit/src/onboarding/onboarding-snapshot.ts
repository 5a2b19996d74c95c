import type { OnboardingStateResponse, UserMe } from '@boon/contracts';
import {
  deriveOnboardingState,
  onboardingDestination,
  type OnboardingDestination,
  type OnboardingState,
} from '@boon/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import {
  fetchOnboardingState,
  fetchUserMeOrNull,
  lookupInvite,
  type InviteLookup,
} from './onboarding-api';
import { isOnboardingFlagSet, readInviteToken, setOnboardingFlag } from './onboarding-storage';
import { tokenEmail, tokenOnboarding } from './token-email';

/** Everything spec 4.1's derivation reads, what it concluded, and where that leads. */
export interface OnboardingSnapshot {
  /** The backend user; null while the signed-in identity has none. */
  user: UserMe | null;
  /** The signed-in address: the user's, or the access token's before the user exists. */
  email: string;
  /** Looked up only while there is no backend user (the derivation reads it only then). */
  invite: InviteLookup;
  onboardingFlag: boolean;
  /** Read only for a user without customers (the derivation reads it only then). */
  pendingCustomer: OnboardingStateResponse | null;
  state: OnboardingState;
  destination: OnboardingDestination;
}

export type OnboardingFacts = Pick<
  OnboardingSnapshot,
  'user' | 'email' | 'invite' | 'onboardingFlag' | 'pendingCustomer'
>;

/**
 * The state and destination of the facts (spec 4.1). Staff need no customer of their own: they
 * go home like members, whatever the derivation would say of a user without customers.
 */
export function decideOnboarding(facts: OnboardingFacts): OnboardingSnapshot {
  if (facts.user?.isStaff)
    return { ...facts, state: 'BelongsToActiveCustomer', destination: 'home' };
  const state = deriveOnboardingState({
    user: facts.user,
    invite: facts.invite.status,
    onboardingFlag: facts.onboardingFlag,
    pendingCustomer: facts.pendingCustomer,
  });
  const destination = onboardingDestination(state, {
    email: facts.email,
    invited: facts.invite.status === 'valid',
  });
  return { ...facts, state, destination };
}

export interface SnapshotSources {
  api: ApiClient;
  getAccessToken(): Promise<string | null>;
  /** The backend user when the caller has just read it (null: none); fetched when left out. */
  user?: UserMe | null;
}

/** Reads the facts the derivation needs, no more: the invite only without a user, and so on. */
export async function loadOnboardingSnapshot(
  { api, getAccessToken, user: knownUser }: SnapshotSources,
  signal?: AbortSignal,
): Promise<OnboardingSnapshot> {
  const user = knownUser === undefined ? await fetchUserMeOrNull(api, signal) : knownUser;
  const invite: InviteLookup = user
    ? { status: 'none' }
    : await lookupInvite(api, readInviteToken(), signal);
  const withoutCustomer = user !== null && user.customerIds.length === 0 && !user.isStaff;
  const pendingCustomer = withoutCustomer ? await fetchOnboardingState(api, signal) : null;
  // The token is read only where the derivation needs its address or the onboarding flag.
  const flagDecides = user === null || (withoutCustomer && pendingCustomer === null);
  const token = flagDecides ? await getAccessToken() : null;
  const email = user?.emailAddress ?? tokenEmail(token);
  // The provider's record of a company sign-up sets the spec's flag in this browser too, so a
  // person who signed up elsewhere (or at the sign-in page's "Create account") goes on here.
  if (tokenOnboarding(token) && !isOnboardingFlagSet()) setOnboardingFlag();
  return decideOnboarding({
    user,
    email,
    invite,
    onboardingFlag: isOnboardingFlagSet(),
    pendingCustomer,
  });
}

export const onboardingSnapshotKey = queryKeys.user('onboarding', 'snapshot');

/**
 * How long a snapshot answers for the next screen's entry check: a screen that has just derived
 * the state and moves on is not made to wait for the same three calls again.
 */
export const SNAPSHOT_FRESH_MS = 5_000;

export function onboardingSnapshotQueryOptions(
  sources: Omit<SnapshotSources, 'user'>,
  staleTime = SNAPSHOT_FRESH_MS,
) {
  return queryOptions({
    queryKey: onboardingSnapshotKey,
    queryFn: ({ signal }) => loadOnboardingSnapshot(sources, signal),
    staleTime,
  });
}

/** Derives the state afresh, whatever the cache holds (after a change the user made). */
export function refreshOnboardingSnapshot(
  queryClient: QueryClient,
  sources: Omit<SnapshotSources, 'user'>,
): Promise<OnboardingSnapshot> {
  return queryClient.fetchQuery(onboardingSnapshotQueryOptions(sources, 0));
}

/**
 * Drops what the console cached about the user's account (customer list, /user/me, onboarding),
 * so that a user who has just joined or been given a customer is read afresh.
 */
export function forgetAccountQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.user() });
}
