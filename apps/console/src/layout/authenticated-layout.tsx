import { isPathAlwaysAllowedInPlayground } from '@boon/domain';
import { MAIN_CONTENT_ID, MainContent, SkipLink } from '@boon/ui';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AnalyticsConsentGate } from '../analytics/use-analytics-consent-gate';
import { ApiClientProvider, GuardAlert } from '@boon/console-kit';
import { ConsentModal } from '../features/consent/components/consent-modal';
import { LimitedAccessBanner } from './banners/limited-access-banner';
import { PlaygroundNotice } from './banners/playground-notice';
import { Breadcrumbs } from './breadcrumbs';
import { PlaygroundLimitModal } from './playground-limit-modal';
import { Sidebar } from './sidebar/sidebar';
import { useSignedInShell } from './use-signed-in-shell';

/** Whether the page shown is one playground mode allows (its notice shows there, spec 2.7). */
function useOnPlaygroundRoute(): boolean {
  const matches = useMatches();
  const leaf = matches.at(-1);
  return (
    leaf?.staticData.meta?.allowedInPlayground === true ||
    (leaf !== undefined && isPathAlwaysAllowedInPlayground(leaf.pathname))
  );
}

/**
 * Every signed-in page: skip link, sidebar, the limited-access banner, and the page in the one
 * `main` landmark with the guards' alerts and the breadcrumbs; the consent and playground modals
 * and the analytics consent gate sit beside it.
 */
export function AuthenticatedLayout() {
  const shell = useSignedInShell();
  const onPlaygroundRoute = useOnPlaygroundRoute();
  // Spec 2.4: the order steps (and any page that asks) show without the sidebar.
  const hideSidebar = useMatches({
    select: (matches) => matches.some((match) => match.staticData.hideSidebar === true),
  });
  useEffect(() => shell.followOtherTabs(), [shell]);
  return (
    <ApiClientProvider client={shell.session.api}>
      <AnalyticsConsentGate />
      <div className="min-h-screen md:flex">
        <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
        {hideSidebar ? null : <Sidebar />}
        <div className="flex min-w-0 flex-1 flex-col">
          <LimitedAccessBanner />
          {/* One column for everything on the page: alerts, trail, notice and the page align. */}
          <MainContent className="flex flex-1 flex-col gap-6 px-6 py-8 md:px-10 [&>*]:max-w-5xl">
            <GuardAlert />
            <Breadcrumbs />
            {onPlaygroundRoute ? <PlaygroundNotice /> : null}
            <Outlet />
          </MainContent>
        </div>
        <PlaygroundLimitModal />
        <ConsentModal />
      </div>
    </ApiClientProvider>
  );
}
