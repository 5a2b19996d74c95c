import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  freshConsoleForEachTest,
  renderConsole,
  testUser,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

freshConsoleForEachTest();

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
    const row = await within(table).findByRole('row', { name: /TU-7KQ2M9XAB3/ });
    expect(row).toHaveTextContent('Acme Rewards Ltd');
    expect(row).toHaveTextContent('£500.00');
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(
      within(row).getByRole('button', { name: 'Record received: TU-7KQ2M9XAB3' }),
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

describe("StaffTopUpsPage's filter in the address", () => {
  it('keeps what is shown in the address, so back, reload and links show the same list', async () => {
    serveBilling({ me: staff });
    const { router } = await renderConsole('/admin/top-ups?status=COMPLETED', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bank transfers' });
    const shown = screen.getByRole('combobox', { name: 'Show' });
    expect(shown).toHaveValue('COMPLETED');
    expect(await screen.findByText('No top-ups to show.')).toBeVisible();

    await userEvent.selectOptions(shown, 'All top-ups');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'ALL' }));
    const table = screen.getByRole('table', { name: 'Bank transfers' });
    expect(await within(table).findByRole('row', { name: /TU-7KQ2M9XAB3/ })).toBeVisible();

    // The list as it opens is the plain address.
    await userEvent.selectOptions(shown, 'Waiting for money');
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    act(() => router.history.back());
    await waitFor(() => expect(shown).toHaveValue('ALL'));
    expect(router.state.location.search).toEqual({ status: 'ALL' });
  });

  it('shows the transfers waiting for money for a status it does not offer', async () => {
    serveBilling({ me: staff });
    await renderConsole('/admin/top-ups?status=FAILED', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bank transfers' });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('PENDING');
    const table = screen.getByRole('table', { name: 'Bank transfers' });
    expect(await within(table).findByRole('row', { name: /TU-7KQ2M9XAB3/ })).toBeVisible();
  });
});

/** The picker's own input, which the Choose button opens. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('importing a bank statement (/admin/top-ups)', () => {
  it('sends the CSV and lists what became of each line', async () => {
    const { imports } = serveBilling({ me: staff });
    await renderConsole('/admin/top-ups', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bank transfers' });
    const csv = 'Date,Description,Amount,Currency\n2026-11-25,ACME TU-7KQ2M9XAB3,500.00,GBP\n';
    await userEvent.upload(fileInput(), new File([csv], 'november.csv', { type: 'text/csv' }));
    expect(await screen.findByText('1 line credited, 1 to look at.')).toBeVisible();
    expect(imports).toEqual([{ filename: 'november.csv', csv }]);
    const table = screen.getByRole('table', { name: 'Imported lines' });
    const [, credited, moneyOut] = within(table).getAllByRole('row');
    expect(credited).toHaveTextContent('ACME TU-7KQ2M9XAB3');
    expect(credited).toHaveTextContent('Credited');
    expect(moneyOut).toHaveTextContent('Money out');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says in words why a file could not be read', async () => {
    serveBilling({ me: staff });
    await renderConsole('/admin/top-ups', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bank transfers' });
    await userEvent.upload(
      fileInput(),
      new File(['Reference,Amount\nx,1\n'], 'bad.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText(/We couldn't import bad\.csv: The header row has no currency column/),
    ).toBeVisible();
  });
});

describe('the ledger check (/admin/top-ups)', () => {
  it('runs the checks and says they hold', async () => {
    serveBilling({ me: staff });
    await renderConsole('/admin/top-ups', fakeAuth());
    await userEvent.click(await screen.findByRole('button', { name: 'Check the ledger' }));
    expect(await screen.findByText('All 2 checks hold: no mismatch.')).toBeVisible();
    const checks = screen.getByRole('list', { name: 'Ledger checks' });
    expect(within(checks).getAllByText('Holds')).toHaveLength(2);
  });
});
