import { consoleRootRoute, getConsoleConfig } from '@boon/console-kit';
import { Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { OfflineBanner } from '../../layout/banners/offline-banner';
import { RouteErrorPage } from '../route-error-page';
import { useDocumentTitle } from '../use-document-title';

function RootLayout() {
  useDocumentTitle(getConsoleConfig().productName);
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}

/**
 * The console kit's root route, which console apps hang their routes on, with the shell's frame:
 * the document title, the offline banner and the error and not-found pages.
 */
export const rootRoute = consoleRootRoute.update({
  staticData: { name: 'root' },
  component: RootLayout,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
