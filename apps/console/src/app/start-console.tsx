import { FullPageMessage } from '@boon/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../api/query-client';
import { createAuth } from '../auth/auth-client';
import { createUserManager } from '../auth/user-manager';
import { getConsoleConfig } from '../config';
import { initMonitoring } from '../monitoring/monitoring';
import { App } from './app';
import { chunkLoadRecovery } from './chunk-load-recovery';
import { attachNavigationProgress } from './navigation-progress';
import { createAppRouter } from './router';
import { attachScrollToTop } from './scroll-to-top';
import { useAppStore } from '../state/app-store';

/**
 * Boots the console into `container`. The static "Getting set up" screen of index.html stays
 * until the router has resolved the first page (guard, redirect, lazy chunk), so the user never
 * sees an empty frame in between (spec 2.7).
 */
export async function startConsole(container: HTMLElement): Promise<void> {
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
    const router = createAppRouter({ auth, queryClient });

    attachNavigationProgress(router);
    attachScrollToTop(router);
    await router.load();
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The console could not start', error);
    root.render(
      <FullPageMessage title="The console could not start">
        <p>Please reload the page. If this keeps happening, contact your administrator.</p>
      </FullPageMessage>,
    );
  }
}
