import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RouteErrorPage } from './route-error-page';
import type { RouterContext } from './router-context';
import { routeTree } from './route-tree';
import './static-data';

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
