import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAuth,
  meOf,
  member,
  freshConsoleForEachTest,
  renderConsole,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

freshConsoleForEachTest();

describe('StatementsPage (/statements)', () => {
  it('shows each month and balance with its figures, and downloads one as CSV', async () => {
    const { statementDownloads, downloadTypes } = serveBilling();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:s'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderConsole('/statements', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Statements' });
    const table = await screen.findByRole('table', { name: 'Statements' });
    const gbp = await within(table).findByRole('row', { name: /Nov 2026 GBP/ });
    expect(gbp).toHaveTextContent('£9,500.00');
    expect(gbp).toHaveTextContent('£500.00');
    expect(gbp).toHaveTextContent('£10,000.00');
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(
      within(gbp).getByRole('button', {
        name: 'Download CSV of the Nov 2026 GBP statement',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(statementDownloads).toEqual(['2026-11-GBP']);
    await userEvent.click(
      within(gbp).getByRole('button', { name: 'Download PDF of the Nov 2026 GBP statement' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(downloadTypes).toEqual(['text/csv', 'application/pdf']);
  });

  it('filters by currency, keeping it in the address so back, reload and links show the same', async () => {
    serveBilling();
    const { router } = await renderConsole('/statements', fakeAuth());
    const table = await screen.findByRole('table', { name: 'Statements' });
    await within(table).findByRole('row', { name: /USD/ });
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.selectOptions(currency, 'GBP');
    await waitFor(() => expect(router.state.location.search).toEqual({ currency: 'GBP' }));
    expect(within(table).queryByRole('row', { name: /USD/ })).toBeNull();
    expect(within(table).getByRole('row', { name: /GBP/ })).toBeVisible();

    await userEvent.selectOptions(currency, 'All currencies');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(within(table).getByRole('row', { name: /USD/ })).toBeVisible();

    act(() => router.history.back());
    await waitFor(() => expect(currency).toHaveValue('GBP'));
    expect(within(table).queryByRole('row', { name: /USD/ })).toBeNull();
  });

  it('opens filtered from its address', async () => {
    serveBilling();
    await renderConsole('/statements?currency=USD', fakeAuth());
    const table = await screen.findByRole('table', { name: 'Statements' });
    await within(table).findByRole('row', { name: /USD/ });
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
    expect(within(table).queryByRole('row', { name: /GBP/ })).toBeNull();
  });

  it('shows every statement for a currency it has none in (a link made for another customer)', async () => {
    serveBilling();
    await renderConsole('/statements?currency=JPY', fakeAuth());
    const table = await screen.findByRole('table', { name: 'Statements' });
    await within(table).findByRole('row', { name: /USD/ });
    expect(within(table).getByRole('row', { name: /GBP/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('');
  });

  it('offers no download to a role that may read but not download statements', async () => {
    // A role with read:statements only does not exist in the matrix; a token may still say so.
    const reader = { ...meOf(member('U-READER001', 'Rita', 'Reader', ['finance_manager'])) };
    serveBilling({
      me: {
        ...reader,
        permissions: reader.permissions.filter((p) => p !== 'download:statements'),
      },
    });
    await renderConsole('/statements', fakeAuth());
    const table = await screen.findByRole('table', { name: 'Statements' });
    await within(table).findByRole('row', { name: /GBP/ });
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
