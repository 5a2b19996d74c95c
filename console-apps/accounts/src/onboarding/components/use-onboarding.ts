import type { OnboardingDestination } from '@boon/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  useApiClient,
  useAuth,
  destinationTarget,
  forgetAccountQueries,
  onboardingSnapshotQueryOptions,
  refreshOnboardingSnapshot,
  type SnapshotSources,
} from '@boon/console-kit';

/** What the snapshot is read from: the screens' API client and the sign-in's access token. */
export function useSnapshotSources(): Omit<SnapshotSources, 'user'> {
  const api = useApiClient();
  const auth = useAuth();
  return useMemo(() => ({ api, getAccessToken: () => auth.getAccessToken() }), [api, auth]);
}

/** The onboarding snapshot the screen's entry check has just read (spec 4.1). */
export function useOnboardingSnapshot() {
  return useQuery(onboardingSnapshotQueryOptions(useSnapshotSources()));
}

/** Opens a destination of spec 4.1: a screen, or home (with the account read afresh). */
export function useGoToDestination(): (destination: OnboardingDestination) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (destination) => {
      const target = destinationTarget(destination);
      if (destination === 'home') forgetAccountQueries(queryClient);
      await navigate({ href: target.href, replace: true });
    },
    [navigate, queryClient],
  );
}

/** Derives the state afresh after a change the user made, then opens its destination. */
export function useContinueOnboarding(): () => Promise<void> {
  const queryClient = useQueryClient();
  const sources = useSnapshotSources();
  const goTo = useGoToDestination();
  return useCallback(async () => {
    const snapshot = await refreshOnboardingSnapshot(queryClient, sources);
    await goTo(snapshot.destination);
  }, [queryClient, sources, goTo]);
}
