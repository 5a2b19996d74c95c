import {
  takeSignupAfterLogout,
  type SignedInAreaContext,
  type SignedInAreaEntry,
} from '@boon/console-kit';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Auth } from '../../auth/auth-client';
import type { NavigationState } from '../router-context';
import type { SignedInShell } from '../signed-in-shell';

export interface SignedInEntryDeps {
  auth: Auth;
  queryClient: QueryClient;
  signedInShell(): Promise<SignedInShell>;
  navigation(): NavigationState;
}

/**
 * The entry check of the signed-in area (the router context's `enterSignedInArea`):
 * signed-out users go to /login, which brings them back here afterwards; then the session is
 * brought up to date and the guard chain of spec 5 decides on the page being entered (its route
 * metadata and its parents').
 */
export async function checkSignedInEntry(
  { auth, queryClient, signedInShell, navigation }: SignedInEntryDeps,
  { location, matches, preload }: SignedInAreaEntry,
): Promise<SignedInAreaContext> {
  if (!(await auth.isSignedIn())) {
    // "Sign up with another e-mail" (onboarding) logs out first; the logout ends here.
    if (!preload && takeSignupAfterLogout()) throw redirect({ to: '/signup', replace: true });
    throw redirect({
      to: '/login',
      search: location.href === '/' ? {} : { redirect: location.href },
      replace: true,
    });
  }
  // Both chunks at once: fetched one after the other, each would cost a round trip.
  const [shell, { enterSignedInArea }] = await Promise.all([
    signedInShell(),
    // The onboarding gate (spec 4.1): users without a backend user or customer go to onboarding.
    import('../onboarding-gate/enter-signed-in-area'),
  ]);
  const session = await enterSignedInArea({
    session: shell.session,
    auth,
    queryClient,
    href: location.href,
    preload,
  });
  const { enforceRouteGuards } = await import('../signed-in-shell');
  enforceRouteGuards({
    location,
    metaChain: matches.map((match) => match.staticData.meta),
    preload,
    navigation: navigation(),
    session,
  });
  return { api: shell.session.api, shell, session };
}
