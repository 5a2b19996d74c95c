import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { Auth } from './auth';

/** The sign-in client, taken from the router's root context where the shell put it. */
export function useAuth(): Auth {
  return useRouteContext({ from: rootRouteId, select: (context) => context.auth });
}
