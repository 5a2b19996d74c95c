import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { getConsoleConfig } from '../../config';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { RouteErrorPage } from '../route-error-page';
import type { RouterContext } from '../router-context';
import { useDocumentTitle } from '../use-document-title';

function RootLayout() {
  useDocumentTitle(getConsoleConfig().productName);
  return <Outlet />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  staticData: { name: 'root' },
  component: RootLayout,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
