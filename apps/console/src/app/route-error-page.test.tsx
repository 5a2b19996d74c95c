import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@boon/console-kit';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  createChunkLoadRecovery,
  type ChunkLoadRecovery,
} from './chunk-load-recovery';
import { RouteErrorPage } from './route-error-page';

const NOW = 1_000_000;

const browser = vi.hoisted(() => ({
  alert: vi.fn(),
  reload: vi.fn(),
  stored: new Map<string, string>(),
  recovery: undefined as ChunkLoadRecovery | undefined,
}));

// The page's one recovery, rebuilt for each test with the browser's alert, reload and
// sessionStorage replaced.
vi.mock('./chunk-load-recovery', async (importOriginal) => {
  const original = await importOriginal<typeof import('./chunk-load-recovery')>();
  const current = () => {
    if (!browser.recovery) throw new Error('no recovery for this test');
    return browser.recovery;
  };
  return {
    ...original,
    chunkLoadRecovery: {
      canRecover: () => current().canRecover(),
      recover: () => current().recover(),
      install: (target?: Window) => current().install(target),
    },
  };
});

/** A router whose only page fails to load with `error`, shown through RouteErrorPage. */
async function renderFailingRoute(error: Error) {
  const rootRoute = createRootRoute({ staticData: { name: 'root' }, component: Outlet });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    staticData: { name: 'home' },
  }).lazy(() => Promise.reject(error));
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  await router.load();
  render(<RouterProvider router={router} />);
}

const missingChunk = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/home.lazy-old.js');

describe('RouteErrorPage', () => {
  beforeEach(() => {
    browser.stored.clear();
    browser.alert.mockReset();
    browser.reload.mockReset();
    browser.recovery = createChunkLoadRecovery({
      alert: browser.alert,
      reload: browser.reload,
      storage: {
        getItem: (key) => browser.stored.get(key) ?? null,
        setItem: (key, value) => void browser.stored.set(key, value),
      },
      now: () => NOW,
    });
    // The failures below are expected; the router and the page report them on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('alerts and reloads when a lazily loaded chunk is missing', async () => {
    await renderFailingRoute(missingChunk());

    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(browser.alert).toHaveBeenCalledExactlyOnceWith(
      'A refresh is required to update to latest version.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'A refresh is required to update to latest version.',
    );
  });

  it('offers a manual reload instead of looping when a recovery reload just happened', async () => {
    browser.stored.set(CHUNK_RELOAD_STORAGE_KEY, String(NOW - 1_000));

    await renderFailingRoute(missingChunk());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(browser.alert).not.toHaveBeenCalled();
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('shows the API error message for other failures', async () => {
    await renderFailingRoute(new ApiError(503, 'service_unavailable', 'Service Unavailable'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(
      screen.getByText("Boon isn't available right now. Try again in a few minutes."),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
