import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useNoticeStore } from '@boon/console-kit/shell';
import { customer, fakeAuth, renderConsole, serveSession } from '@boon/console-kit/testing';
import { breadcrumbTrail } from './breadcrumbs';
import { act } from 'react';

describe('breadcrumbs and guard alerts (spec 2.7, 8)', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('builds the trail from route titles: Home as a link, the page as the current item', async () => {
    serveSession([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/user/settings', fakeAuth());

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Settings')).toHaveAttribute('aria-current', 'page');
  });

  it('takes a route name or an external link per item, with the product name in labels', () => {
    expect(
      breadcrumbTrail(
        [
          { pathname: '/', staticData: { name: 'root' } },
          { pathname: '/help', staticData: { name: 'help', title: 'Help' } },
          {
            pathname: '/help/x',
            staticData: {
              name: 'user-settings',
              title: 'ignored',
              breadcrumb: { label: '{product} Shop', href: 'https://shop.example' },
            },
          },
          {
            pathname: '/debug',
            staticData: {
              name: 'debug',
              title: 'Debug',
              breadcrumb: { label: 'Feature toggles', routeName: 'debug-feature-toggles' },
            },
          },
        ],
        'Boon',
      ),
    ).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Help', to: '/help' },
      { label: 'Boon Shop', href: 'https://shop.example' },
      { label: 'Feature toggles', to: '/debug/features' },
    ]);
  });

  it('shows no trail on Home', async () => {
    serveSession([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('announces an alert, lets it be dismissed, and keeps it until the user moves on', async () => {
    serveSession([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    const { router } = await renderConsole('/', fakeAuth());

    act(() => useNoticeStore.getState().showAlert('Please select customer id to continue', '/'));
    expect(
      screen.getByText('Please select customer id to continue').closest('[role="alert"]'),
    ).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Please select customer id to continue')).toBeNull();

    act(() => useNoticeStore.getState().showAlert('Access denied', '/'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Access denied')).toBeVisible();
    await act(() => router.navigate({ to: '/help' }));
    await waitFor(() => expect(screen.queryByText('Access denied')).toBeNull());
  });
});
