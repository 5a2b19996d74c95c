import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAuth,
  renderConsole,
  testUser,
  useAppStore,
  useFeatureToggleStore,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
  useFeatureToggleStore.getState().resetToggles();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const staff = testUser({
  id: 'U-STAFF0001',
  firstName: 'Sam',
  lastName: 'Staff',
  emailAddress: 'staff@boon.test',
  isStaff: true,
  roles: [],
  permissions: [],
  customerIds: [],
});

describe('StaffTopUpsPage (/admin/top-ups)', () => {
  it('lists the bank transfers waiting for money and records one as received', async () => {
    const { receipts } = serveBilling({ me: staff });
    await renderConsole('/admin/top-ups', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bank transfers' });
    const table = await screen.findByRole('table', { name: 'Bank transfers' });
    const row = within(table).getByRole('row', { name: /TU-7KQ2M9XAB3/ });
    expect(row).toHaveTextContent('Acme Rewards Ltd');
    expect(row).toHaveTextContent('£500.00');
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(
      within(row).getByRole('button', { name: 'Record TU-7KQ2M9XAB3 as received' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record TU-7KQ2M9XAB3 as received' });
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record as received' }));
    expect(
      await screen.findByText("£500.00 added to Acme Rewards Ltd's balance (TU-7KQ2M9XAB3)."),
    ).toBeVisible();
    expect(receipts).toEqual([{ topUpId: 'TU-7KQ2M9XAB3', body: { receivedAmount: '500.00' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No bank transfer is waiting for money.')).toBeVisible();
  });
});
