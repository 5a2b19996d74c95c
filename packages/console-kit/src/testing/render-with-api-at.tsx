import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderWithApi } from './render-with-api';

/**
 * renderWithApi for a screen that keeps its state in the address: the screen is the one page of
 * a router of its own, opened at `url` (path and search). The router comes back with the view, so
 * a test can read its location and go back and forward through its memory history.
 */
export async function renderWithApiAt(
  url: string,
  ui: ReactElement,
  options: Parameters<typeof renderWithApi>[1] = {},
) {
  // jsdom has no layout, so the router's scroll handling has nothing to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const rootRoute = createRootRoute({ staticData: { name: 'test-root' }, component: Outlet });
  const page = createRoute({
    getParentRoute: () => rootRoute,
    path: new URL(url, 'http://console.test').pathname,
    staticData: { name: 'test-page' },
    component: () => ui,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  const view = renderWithApi(<RouterProvider router={router} />, options);
  return { ...view, router };
}
