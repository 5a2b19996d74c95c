import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from '../auth/auth-client';
import type { SignedInShell } from './signed-in-shell';

/** What the router knows of the navigation in progress, for the guards' first-navigation rules. */
export interface NavigationState {
  /** The page shown before this navigation; null on the first. */
  previousHref: string | null;
  /** Whether a signed-in page has been shown in this tab yet (sign-in pages do not count). */
  signedInPageShown: boolean;
  /** The query parameters of the page shown, and whether it is a keep-params step. */
  previousSearch: Record<string, unknown>;
  previousKeepParams: boolean;
}

/** What every route's `beforeLoad` and loader receive (typed root context). */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
  /**
   * The signed-in part of the shell (API client, session, guards), loaded on first use so the
   * public pages never download it.
   */
  signedInShell(): Promise<SignedInShell>;
  navigation(): NavigationState;
}
