import '../styles.css';
import { FullPageMessage } from '@boon/ui';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../api/query-client';
import { createAuth } from '../auth/auth-client';
import { createUserManager } from '../auth/user-manager';
import { getConsoleConfig } from '@boon/console-kit';
import { initMonitoring } from '../monitoring/monitoring';
import { App } from './app';
import { chunkLoadRecovery } from './chunk-load-recovery';
import { attachNavigationProgress } from './navigation-progress';
import { createAppRouter, warmSignedInSession } from './router';
import { attachScrollToTop } from './scroll-to-top';
import { useAppStore } from '@boon/console-kit/shell';
import { ShellSkeleton } from '../layout/shell-skeleton';
import type { Auth } from '../auth/auth-client';
import type { AppRouter } from './router';
import type { AnyRoute } from '@tanstack/react-router';

/** Resolves in a task of its own, after what the browser has waiting (a paint, input). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The longest the page's code waits for the session's calls to be on their way. */
const SESSION_HEAD_START_MS = 100;

/** Whether the page being opened is a signed-in one that a signed-in user will see. */
async function showsSignedInArea(router: AppRouter, auth: Auth): Promise<boolean> {
  const { pathname, search } = router.state.location;
  const matches = router.matchRoutes(pathname, search);
  const signedInPage = matches.some((match) => match.routeId === '/authenticated');
  if (!signedInPage || !(await auth.isSignedIn().catch(() => false))) return false;
  // The session's calls to the API go out first: over HTTP/1.1 they would otherwise wait for a
  // connection behind the page's dozen chunks. Its code comes with the page for a browser that
  // keeps a user (the server's preloads); without them, the page's code waits for it no longer
  // than a moment.
  await Promise.race([
    warmSignedInSession(router).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SESSION_HEAD_START_MS)),
  ]);
  // Then the page's code (the layout and the console app's screen), alongside the session rather
  // than after the entry check has finished with it: the router would only ask for it then, a
  // round trip later. A guard that sends the user elsewhere wastes a download, never a decision;
  // a chunk that fails here is asked for again by the router.
  for (const match of matches) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[
      String(match.routeId)
    ];
    if (route) router.loadRouteChunk(route)?.catch(() => undefined);
  }
  return true;
}

/**
 * Boots the console into `container`. The static "Getting set up" screen of index.html stays
 * while the console itself starts (spec 2.7); a signed-in page then shows the shell's skeleton
 * until the router has resolved it (session, guard, redirect, lazy chunk), so neither an empty
 * frame nor a start-up screen stands in for data that is on its way.
 */
export async function startConsole(container: HTMLElement): Promise<void> {
  // Evaluating the console's code is one long task already: the set-up below runs in tasks of
  // its own, so that the browser can paint and answer input in between.
  await nextTask();
  const root = createRoot(container);
  try {
    const config = getConsoleConfig();
    chunkLoadRecovery.install();
    void initMonitoring(config);

    const userManager = createUserManager(config.oidc, window.location.origin);
    const auth = createAuth(userManager, {
      getCustomerId: () => useAppStore.getState().customerId,
    });
    const queryClient = createQueryClient();
    // React DOM's set-up (createRoot) and the router's (every app's routes) are each a long
    // piece of work on a phone: a task each.
    await nextTask();
    const router = createAppRouter({ auth, queryClient });

    attachNavigationProgress(router);
    attachScrollToTop(router);
    await nextTask();
    // A signed-in page gets its frame at once, while the session loads; "Getting set up" stays
    // for public pages and signed-out visits, which are the console's own start.
    if (await showsSignedInArea(router, auth)) {
      root.render(<ShellSkeleton productName={config.productName} />);
    }
    await router.load();
    // A transition: React renders the whole console in slices that yield to the browser every
    // few milliseconds, instead of one long task that a click or a key press would wait behind.
    // The skeleton (or the start-up screen) stays on screen until the render is done.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error('The console could not start', error);
    root.render(
      <FullPageMessage title="The console could not start">
        <p>Please reload the page. If this keeps happening, contact your administrator.</p>
      </FullPageMessage>,
    );
  }
}
