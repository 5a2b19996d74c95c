import { combineRouteMeta } from '@boon/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Auth } from '../auth/auth-client';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RouteErrorPage } from './route-error-page';
import type { NavigationState, RouterContext } from './router-context';
import { routeTree } from './route-tree';
import { checkSignedInEntry } from './routes/signed-in-entry';
import type { SignedInShell } from './signed-in-shell';

export interface AppRouterDeps {
  auth: Auth;
  queryClient: QueryClient;
}

/** Each router's signed-in shell, loaded on first use (see createAppRouter). */
const signedInShells = new WeakMap<object, () => Promise<SignedInShell>>();

/**
 * Loads the signed-in shell and sends the session's first calls to the API (SignedInSession.warm)
 * for a signed-in page about to open, without waiting for their answers, which the router's
 * entry check then uses. Resolves once the calls are on their way.
 */
export async function warmSignedInSession(router: AppRouter): Promise<void> {
  const shell = await signedInShells.get(router)?.();
  await shell?.session.warm();
}

export function createAppRouter({ auth, queryClient }: AppRouterDeps, history?: RouterHistory) {
  let shell: Promise<SignedInShell> | undefined;
  // The signed-in part of the shell (API client, session, guards), loaded on first use so the
  // public pages never download it.
  const signedInShell = () => {
    shell ??= import('./signed-in-shell').then(({ createSignedInShell }) =>
      createSignedInShell({ auth, queryClient, router }),
    );
    return shell;
  };
  const navigation = (): NavigationState => {
    const shown = router.state.matches;
    const resolved = router.state.resolvedLocation;
    return {
      previousHref: resolved?.href ?? null,
      signedInPageShown: shown.some((match) => match.routeId === '/authenticated'),
      previousSearch: (resolved?.search ?? {}) as Record<string, unknown>,
      // Read like the page being entered: a keep-params flag on a parent holds for its steps.
      previousKeepParams:
        combineRouteMeta(shown.map((match) => match.staticData.meta)).keepParams === true,
    };
  };
  const context: RouterContext = {
    auth,
    queryClient,
    signedInApi: async () => (await signedInShell()).session.api,
    enterSignedInArea: (entry) =>
      checkSignedInEntry({ auth, queryClient, signedInShell, navigation }, entry),
  };
  const router = createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
  signedInShells.set(router, signedInShell);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
