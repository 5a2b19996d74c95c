import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAuth,
  meOf,
  freshConsoleForEachTest,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

freshConsoleForEachTest();

async function openTransactions(path = '/transactions') {
  const view = await renderConsole(path, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'All transactions' });
  return view;
}

describe('TransactionsPage (/transactions)', () => {
  it('lists the movements with their direction, label and the balance after, in UTC', async () => {
    serveBilling();
    await openTransactions();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const topUp = await within(table).findByRole('row', { name: /Top-up · Bank transfer/ });
    expect(topUp).toHaveTextContent('+£500.00');
    expect(topUp).toHaveTextContent('£10,500.00');
    expect(topUp).toHaveTextContent('TU-7KQ2M9XAB3');
    const order = within(table).getByRole('row', { name: /Order · Completed/ });
    expect(order).toHaveTextContent('−$25.00');
    expect(document.title).toBe('All transactions · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('filters on the server and keeps the filters in the address', async () => {
    const { transactionQueries } = serveBilling();
    const { router } = await openTransactions();
    await screen.findByRole('row', { name: /Top-up/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'GBP');
    await waitFor(() => expect(router.state.location.search).toEqual({ currency: 'GBP' }));
    await waitFor(() =>
      expect(transactionQueries.at(-1)?.query).toMatchObject({ currency: 'GBP', limit: 25 }),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Order/ })).toBeNull());
  });

  it('downloads the CSV of every match for whoever may, and offers it to no one else', async () => {
    const { transactionQueries } = serveBilling();
    const createObjectURL = vi.fn(() => 'blob:transactions');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await openTransactions('/transactions?currency=GBP');
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(transactionQueries.at(-1)).toMatchObject({
      query: { currency: 'GBP' },
      accept: 'text/csv',
    });
    expect(transactionQueries.at(-1)?.query).not.toHaveProperty('cursor');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('offers no download to a viewer, who may still read the list', async () => {
    serveBilling({ me: meOf(vera) });
    await openTransactions();
    await screen.findByRole('row', { name: /Top-up/ });
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
