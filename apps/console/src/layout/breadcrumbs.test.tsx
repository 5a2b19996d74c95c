import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../state/app-store';
import { useNoticeStore } from '../state/notice-store';
import { customer } from '../test/customers';
import { fakeAuth } from '../test/fake-auth';
import { renderConsole } from '../test/render-console';
import { serveSession } from '../test/serve-session';
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

  it('shows no trail on Home', async () => {
    serveSession([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it('announces an alert, lets it be dismissed, and clears it after 8 seconds', async () => {
    serveSession([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    act(() => useNoticeStore.getState().showAlert('Please select customer id to continue'));
    expect(
      screen.getByText('Please select customer id to continue').closest('[role="alert"]'),
    ).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Please select customer id to continue')).toBeNull();

    vi.useFakeTimers();
    act(() => useNoticeStore.getState().showAlert('Access denied'));
    expect(screen.getByText('Access denied')).toBeVisible();
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.queryByText('Access denied')).toBeNull();
  });
});
