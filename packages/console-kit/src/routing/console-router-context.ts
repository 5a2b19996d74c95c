import type { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation, StaticDataRouteOption } from '@tanstack/react-router';
import type { ApiClient } from '../api/api-client';
import type { Auth } from '../auth/auth';

/** The navigation the signed-in area's entry check decides on. */
export interface SignedInAreaEntry {
  location: ParsedLocation;
  /** The routes being entered, outermost first; their metadata is what the guards read. */
  matches: readonly { staticData: StaticDataRouteOption }[];
  /** Hovering a link preloads: the check then only reads, and spends no refresh token. */
  preload: boolean;
}

/**
 * The route context of every signed-in page once the entry check let it through. The shell
 * merges in what its own layout needs (declaration merging), which console apps never use.
 */
export interface SignedInAreaContext {
  /** The API client of the signed-in pages, for loaders' query options. */
  api: ApiClient;
}

/**
 * The router context the shell provides (the root route's typed context). Behaviour the shell
 * owns, such as the entry check of the signed-in area, is reached through it, so that the mount
 * points below stay in this package and console apps can hang their routes on them.
 */
export interface ConsoleRouterContext {
  auth: Auth;
  queryClient: QueryClient;
  /**
   * The API client for signed-in pages outside the signed-in layout (the onboarding screens). The
   * first call loads the signed-in half of the shell, which the public pages never download.
   */
  signedInApi(): Promise<ApiClient>;
  /**
   * The signed-in area's entry check, before any of its pages loads: signed-out users go to
   * login, the session is brought up to date, users who need onboarding go there, and the guard
   * chain of spec 5 decides on the page. Rejects with a redirect where the user may not go.
   */
  enterSignedInArea(entry: SignedInAreaEntry): Promise<SignedInAreaContext>;
}
