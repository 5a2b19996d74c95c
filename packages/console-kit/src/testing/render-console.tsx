import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Auth } from '../auth/auth';
import { consoleUnderTest } from './console-under-test';

// Loaded while the test file's imports are, as a static import would be, so that the first test
// of a file does not spend its time limit loading the console.
const { createRouter, App } = await consoleUnderTest();

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
  const router = createRouter({ auth, queryClient }, history);
  await router.load();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
