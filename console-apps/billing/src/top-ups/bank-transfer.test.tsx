import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAuth,
  fiona,
  meOf,
  olivia,
  freshConsoleForEachTest,
  renderConsole,
  useFeatureToggleStore,
} from '@boon/console-kit/testing';
import { acmeWithBalances, bankTopUp, serveBilling } from '../testing';

freshConsoleForEachTest();

async function openBankTransfer() {
  const view = await renderConsole('/billing/add-funds/bank-transfer', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Add funds by bank transfer' });
  return view;
}

const balanceField = () => screen.getByRole('combobox', { name: /Balance/ });
const amountField = () => screen.getByRole('textbox', { name: /Amount you will send/ });

describe('Add funds (/billing/add-funds)', () => {
  it('offers the bank transfer to whoever may use it', async () => {
    serveBilling();
    await renderConsole('/billing/add-funds', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Add funds' });
    expect(screen.getByRole('link', { name: /Bank transfer/ })).toHaveAttribute(
      'href',
      '/billing/add-funds/bank-transfer',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeBalancesAdd funds',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe('BankTransferPage (/billing/add-funds/bank-transfer)', () => {
  it('creates the top-up once, then shows the reference and the account to pay', async () => {
    const { created } = serveBilling();
    await openBankTransfer();
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.selectOptions(balanceField(), 'GBP');
    await userEvent.type(amountField(), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'Your bank details' });
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toEqual({ method: 'bank_transfer', currency: 'GBP', amount: '500' });
    expect(created[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('TU-7KQ2M9XAB3')).toBeVisible();
    const details = screen.getByRole('region', { name: 'Pay this account' });
    expect(within(details).getByText('Sort code').nextSibling).toHaveTextContent('00-00-00');
    expect(within(details).getByText('Amount').nextSibling).toHaveTextContent('£500.00');
    expect(screen.getByRole('link', { name: 'Follow this top-up' })).toHaveAttribute(
      'href',
      '/billing/top-up/TU-7KQ2M9XAB3',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('refuses more decimals than the currency has before sending anything', async () => {
    const { created } = serveBilling();
    await openBankTransfer();
    await userEvent.selectOptions(balanceField(), 'GBP');
    await userEvent.type(amountField(), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('GBP amounts have at most 2 decimals.')).toBeVisible();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(created).toEqual([]);
  });

  it("shows the server's refusal at the field it is about", async () => {
    serveBilling({
      customer: {
        ...acmeWithBalances,
        customerFeatureFlags: {
          ...acmeWithBalances.customerFeatureFlags,
          balances: { enabled: true, floats: ['GBP', 'JPY'], cardFees: false },
        },
      },
    });
    await openBankTransfer();
    await userEvent.selectOptions(balanceField(), 'JPY');
    await userEvent.type(amountField(), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'This company has no balance in that currency. Choose one of your balance currencies.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(balanceField()).toHaveAttribute('aria-invalid', 'true'));
  });

  it('is not open to a finance manager, who may not top up by bank (spec 6)', async () => {
    serveBilling({ me: meOf(fiona) });
    await renderConsole('/billing/add-funds/bank-transfer', fakeAuth());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Add funds by bank transfer' })).toBeNull();
  });
});

describe('TopUpPage (/billing/top-up/{id})', () => {
  it('downloads the invoice as a PDF while the toggle is on', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:i'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { downloadTypes } = serveBilling();
    const view = await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(downloadTypes).toEqual(['invoice:TU-7KQ2M9XAB3']);
    view.unmount();

    useFeatureToggleStore.getState().setToggle('topUpInvoices', false);
    serveBilling();
    await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    expect(await screen.findByText('Waiting for your payment')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download invoice/ })).toBeNull();
  });

  it('shows a pending top-up with how to pay it', async () => {
    serveBilling();
    await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    expect(await screen.findByText('Waiting for your payment')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Pay this account' })).toBeVisible();
    expect(screen.getByText('Requested').nextSibling).toHaveTextContent('UTC');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('shows a completed one with what arrived, flagged when it differs, and no payment details', async () => {
    serveBilling({
      topUp: bankTopUp({
        status: 'COMPLETED',
        receivedAmount: '450.00',
        discrepancy: 'UNDERPAID',
        completedAt: '2026-11-21T10:00:00.000Z',
      }),
    });
    await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    expect(await screen.findByText('Added to your balance')).toBeVisible();
    expect(screen.getByText('Received').nextSibling).toHaveTextContent('£450.00');
    expect(
      screen.getByText('Less arrived than you told us to expect. We added what arrived.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Pay this account' })).toBeNull();
  });

  it('lets staff record what arrived, once, and then shows it added to the balance', async () => {
    const { receipts } = serveBilling({ me: { ...meOf(olivia), isStaff: true } });
    await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    const form = await screen.findByRole('region', { name: 'Record the money received' });
    const amount = within(form).getByRole('textbox', { name: /Amount received \(GBP\)/ });
    expect(amount).toHaveValue('500.00');
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '450.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Record as received' }));
    expect(await screen.findByText('Added to your balance')).toBeVisible();
    expect(receipts).toEqual([{ topUpId: 'TU-7KQ2M9XAB3', body: { receivedAmount: '450.00' } }]);
    expect(screen.queryByRole('region', { name: 'Record the money received' })).toBeNull();
  });

  it('does not offer the receipt to a customer’s own people', async () => {
    serveBilling();
    await renderConsole('/billing/top-up/TU-7KQ2M9XAB3', fakeAuth());
    expect(await screen.findByText('Waiting for your payment')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Record the money received' })).toBeNull();
  });

  it('says in words when the top-up is not this company’s', async () => {
    serveBilling();
    await renderConsole('/billing/top-up/TU-NOTOURS000', fakeAuth());
    expect(
      await screen.findByText(
        /We couldn't load this top-up: There is no such top-up for this company\./,
      ),
    ).toBeVisible();
  });
});
