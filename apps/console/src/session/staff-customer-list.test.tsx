import { customerManagementApi as cm } from '@boon/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import {
  customer,
  fakeAuth,
  mockApi,
  mockEndpoint,
  ownerMe,
  renderConsole,
  serveSession,
} from '@boon/console-kit/testing';

/** An unsigned JWT with these claims: the console reads them, the server checks the signature. */
function accessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'at+jwt' })}.${encode(claims)}.signature`;
}

const staffMe = { ...ownerMe, isStaff: true, customerIds: [], roles: [], permissions: [] };

describe('the customer list of staff (no failing call on staff pages)', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('never asks for the customers of staff whose token names none', async () => {
    const requests = serveSession(null, staffMe);
    mockApi(mockEndpoint(cm.listPendingCustomers, () => ({ items: [], nextCursor: null })));
    const auth = fakeAuth({
      getAccessToken: vi.fn(async () => accessToken({ is_staff: true, customer_ids: [] })),
    });
    const { router } = await renderConsole('/', auth);
    await act(() => router.navigate({ to: '/admin/pending-customers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await act(() => router.navigate({ to: '/' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(requests.filter((request) => request.url.endsWith('/user/me'))).not.toHaveLength(0);
    expect(
      requests.filter((request) => new URL(request.url).pathname.endsWith('/customer')),
    ).toEqual([]);
    expect(useAppStore.getState().customerErr).toBeNull();
  });

  it('still lists the customers of staff who belong to some, and of everyone else', async () => {
    const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
    const requests = serveSession([acme], { ...staffMe, customerIds: ['C-ACME0001'] });
    mockApi(mockEndpoint(cm.listPendingCustomers, () => ({ items: [], nextCursor: null })));
    const auth = fakeAuth({
      getAccessToken: vi.fn(async () =>
        accessToken({ is_staff: true, customer_ids: ['C-ACME0001'] }),
      ),
    });
    await renderConsole('/', auth);
    await waitFor(() => expect(useAppStore.getState().customerId).toBe('C-ACME0001'));
    expect(requests.some((request) => new URL(request.url).pathname.endsWith('/customer'))).toBe(
      true,
    );
  });
});
