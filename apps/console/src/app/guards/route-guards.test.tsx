import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore, useNoticeStore } from '@boon/console-kit/shell';
import {
  customer,
  fakeAuth,
  renderConsole,
  ownerMe,
  serveSession,
} from '@boon/console-kit/testing';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');

describe('the guard chain in the router (spec 5)', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
    useNoticeStore.setState({ alert: null, playgroundLimitOpen: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a first navigation to a switched-off screen home, without an alert', async () => {
    serveSession([acme]);
    useFeatureToggleStore.getState().setToggle('userSettings', false);

    const { router } = await renderConsole('/user/settings', fakeAuth());

    expect(router.state.location.pathname).toBe('/');
    expect(useNoticeStore.getState().alert).toBeNull();
  });

  it('keeps a later navigation on the current page with "Access denied"', async () => {
    serveSession([acme]);
    const { router } = await renderConsole('/help', fakeAuth());
    expect(router.state.location.pathname).toBe('/help');

    useFeatureToggleStore.getState().setToggle('userSettings', false);
    await act(() => router.navigate({ to: '/user/settings' }));

    expect(router.state.location.pathname).toBe('/help');
    expect((await screen.findByText('Access denied')).closest('[role="alert"]')).not.toBeNull();
  });

  it('opens a screen whose requirements hold', async () => {
    serveSession([acme]);
    const { router } = await renderConsole('/help', fakeAuth());

    await act(() => router.navigate({ to: '/user/settings' }));

    expect(router.state.location.pathname).toBe('/user/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  it('refuses the staff tools to a customer user typing their address', async () => {
    serveSession([acme]);
    const { router } = await renderConsole('/debug/features', fakeAuth());
    expect(router.state.location.pathname).toBe('/');

    await act(() => router.navigate({ to: '/debug/features' }));
    expect(router.state.location.pathname).toBe('/');
    expect((await screen.findByText('Access denied')).closest('[role="alert"]')).not.toBeNull();
  });

  it('lets staff edit the feature toggles', async () => {
    serveSession(null, { ...ownerMe, isStaff: true, customerIds: [], roles: [], permissions: [] });
    const { router } = await renderConsole('/debug/features', fakeAuth());

    expect(router.state.location.pathname).toBe('/debug/features');
    const debugViews = await screen.findByRole('checkbox', { name: 'debugViews' });
    expect(debugViews).not.toBeChecked();
    await act(async () => debugViews.click());
    expect(useFeatureToggleStore.getState().toggles.debugViews).toBe(true);
  });

  it('opens "Complete account setup" in playground mode and goes back to the page before', async () => {
    serveSession([{ ...acme, playgroundMode: true, limitedAccess: true }]);
    const { router } = await renderConsole('/help', fakeAuth());

    await act(() => router.navigate({ to: '/user/settings' }));

    expect(router.state.location.pathname).toBe('/help');
    expect(await screen.findByRole('dialog', { name: 'Complete account setup' })).toBeVisible();
  });

  it('sends a playground first navigation to a limited screen home', async () => {
    serveSession([{ ...acme, playgroundMode: true }]);
    const { router } = await renderConsole('/user/settings', fakeAuth());

    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(useNoticeStore.getState().playgroundLimitOpen).toBe(true));
  });
});
