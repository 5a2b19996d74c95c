import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app/app';
import { createAppRouter } from '../app/router';
import type { Auth } from '../auth/auth-client';

/**
 * Renders the whole console (real route tree, guards and pages) at `path`, the way
 * start-console does: the first page is resolved before anything is shown.
 */
export async function renderConsole(
  path: string,
  auth: Auth,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  // jsdom has no layout, so the router's scroll restoration has nothing to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ auth, queryClient }, history);
  await router.load();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
