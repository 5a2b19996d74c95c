import type { OnboardingDestination } from '@boon/domain';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { useNoticeStore } from '../state/notice-store';
import { ACTIVATION_FAILED_MESSAGE } from './accept-stored-invite';
import { destinationTarget } from './onboarding-screens';
import { forgetAccountQueries } from './onboarding-snapshot';

/**
 * The redirect to a destination of spec 4.1, for a route's beforeLoad to throw. Going home, the
 * account is read afresh (the signed-in pages would otherwise see the cached "no customer" and
 * send the user straight back).
 */
export function redirectToDestination(
  destination: OnboardingDestination,
  queryClient: QueryClient,
) {
  const target = destinationTarget(destination);
  if (destination === 'home') forgetAccountQueries(queryClient);
  return redirect({ href: target.href, replace: true });
}

/** Raises the activation alert on the page at `href` (it goes when the user leaves that page). */
export function alertActivationFailed(href: string): void {
  useNoticeStore.getState().showAlert(ACTIVATION_FAILED_MESSAGE, href);
}
