import { MAIN_CONTENT_ID, MainContent, SkipLink } from '@boon/ui';
import { Outlet } from '@tanstack/react-router';
import { ApiClientProvider } from '../api/api-client-context';
import { useConsoleApiClient } from '../api/use-console-api-client';
import { useSessionSync } from '../session/use-session-sync';
import { Sidebar } from './sidebar/sidebar';

/** Every signed-in page: skip link, sidebar, and the page in the one `main` landmark. */
export function AuthenticatedLayout() {
  const api = useConsoleApiClient();
  return (
    <ApiClientProvider client={api}>
      <SignedInShell />
    </ApiClientProvider>
  );
}

function SignedInShell() {
  useSessionSync();
  return (
    <div className="min-h-screen md:flex">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <Sidebar />
      <MainContent className="min-w-0 flex-1 px-6 py-8 md:px-10">
        <Outlet />
      </MainContent>
    </div>
  );
}
