import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { customerManagementApi as cm, mailApi } from '@boon/contracts';
import {
  fakeAuth,
  mockApi,
  mockEndpoint,
  ownerMe,
  renderConsole,
  serveSession,
} from '@boon/console-kit/testing';

const staff = { ...ownerMe, isStaff: true, customerIds: [], roles: [], permissions: [] };

/** A staff member signed in, whose list screens find nothing: these tests are about the address. */
function serveStaffWithEmptyLists() {
  serveSession(null, staff);
  mockApi(
    mockEndpoint(cm.listPendingCustomers, () => ({ items: [], nextCursor: null })),
    mockEndpoint(cm.searchCustomers, () => []),
    mockEndpoint(mailApi.listOutboxMails, () => []),
  );
}

/** The search the page being shown was given, after its route validated it. */
function pageSearch(router: Awaited<ReturnType<typeof renderConsole>>['router']) {
  return router.state.matches.at(-1)?.search;
}

describe("lists' search parameters in the composed route tree", () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('validates the Customers parameters: valid ones kept, invalid ones dropped', async () => {
    serveStaffWithEmptyLists();
    const { router } = await renderConsole(
      '/admin/pending-customers?status=NEW&name=%20ini%20&cursor=a%20b&customers=acme',
      fakeAuth(),
    );
    expect(router.state.location.pathname).toBe('/admin/pending-customers');
    expect(pageSearch(router)).toEqual({
      status: 'NEW',
      name: 'ini',
      cursor: undefined,
      customers: 'acme',
    });
  });

  it.each([
    ['', 'PENDING'],
    ['?status=ALL', 'ALL'],
    ['?status=APPROVED', 'APPROVED'],
    ['?status=approved', 'PENDING'],
    ['?status=EVERYTHING', 'PENDING'],
    ['?status=%5B%22NEW%22%5D', 'PENDING'],
  ])(
    'reads the Customers status filter of %j as %s (Pending unless valid)',
    async (query, status) => {
      serveStaffWithEmptyLists();
      const { router } = await renderConsole(`/admin/pending-customers${query}`, fakeAuth());
      expect(pageSearch(router)).toMatchObject({ status });
    },
  );

  it('validates the mailbox recipient', async () => {
    serveStaffWithEmptyLists();
    const { router } = await renderConsole('/debug/mailbox?to=bob%40acme.test', fakeAuth());
    expect(pageSearch(router)).toEqual({ to: 'bob@acme.test' });

    await act(() => router.navigate({ to: '/debug/mailbox', search: { to: ['x'] } as never }));
    expect(pageSearch(router)).toEqual({});
  });

  it("does not carry a list's parameters to the next screen (they are not keep-params steps)", async () => {
    serveStaffWithEmptyLists();
    const { router } = await renderConsole(
      '/admin/pending-customers?status=DECLINED&name=ini',
      fakeAuth(),
    );
    await act(() => router.navigate({ to: '/debug/mailbox' }));
    expect(router.state.location.pathname).toBe('/debug/mailbox');
    expect(router.state.location.search).toEqual({});
  });
});
