import { customerManagementApi as cm, type CustomerId } from '@boon/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import {
  customer,
  fakeAuth,
  mockApi,
  mockEndpoint,
  ownerMe,
  renderConsole,
  serveLastCustomer,
} from '@boon/console-kit/testing';
import { createQueryClient } from '../api/query-client';

/** An unsigned JWT with these claims: the console reads them, the server checks the signature. */
function accessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'at+jwt' })}.${encode(claims)}.signature`;
}

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');

/**
 * Serves the session with the customer list held back until `answerList` is called, and records
 * for whom /user/me was asked and whether the list had been answered by then.
 */
function serveSlowList() {
  let answerList = () => {};
  const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
  let listDone = false;
  const userMeAsked: { customerId: string | null; beforeList: boolean }[] = [];
  serveLastCustomer(null);
  mockApi(
    mockEndpoint(cm.listMyCustomers, async () => {
      await listAnswered;
      listDone = true;
      return [acme];
    }),
    mockEndpoint(cm.getUserMe, ({ customerId }) => {
      userMeAsked.push({ customerId, beforeList: !listDone });
      return ownerMe;
    }),
  );
  return { answerList, userMeAsked };
}

function signedInFor(customerId: CustomerId | null) {
  return fakeAuth({
    getAccessToken: vi.fn(async () =>
      accessToken({ customer_id: customerId, customer_ids: ['C-ACME0001'] }),
    ),
  });
}

describe('the session asks for /user/me alongside the customer list', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('for the customer chosen before, when the token is already that customer’s', async () => {
    useAppStore.getState().setCustomerId('C-ACME0001');
    const { answerList, userMeAsked } = serveSlowList();
    // The console's own cache settings: what was just fetched is fresh for the page.
    const shown = renderConsole('/', signedInFor('C-ACME0001'), createQueryClient());

    await waitFor(() =>
      expect(userMeAsked).toEqual([{ customerId: 'C-ACME0001', beforeList: true }]),
    );
    answerList();
    await shown;
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    // The early answer is the one the session uses: /user/me is not asked again.
    expect(userMeAsked).toEqual([{ customerId: 'C-ACME0001', beforeList: true }]);
  });

  it('not while the token is another customer’s: the token comes first', async () => {
    useAppStore.getState().setCustomerId('C-ACME0001');
    const { answerList, userMeAsked } = serveSlowList();
    const shown = renderConsole('/', signedInFor('C-GLOBEX01'));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(userMeAsked).toEqual([]);
    answerList();
    await shown;
    expect(userMeAsked.every((asked) => !asked.beforeList)).toBe(true);
  });

  it('not when no customer was chosen before: the list decides which', async () => {
    const { answerList, userMeAsked } = serveSlowList();
    const shown = renderConsole('/', signedInFor('C-ACME0001'));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(userMeAsked).toEqual([]);
    answerList();
    await shown;
    expect(userMeAsked).toEqual([{ customerId: 'C-ACME0001', beforeList: false }]);
  });
});
