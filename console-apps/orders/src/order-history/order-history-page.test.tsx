import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  customer,
  fakeAuth,
  freshConsoleForEachTest,
  meOf,
  multiUser,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import type { CustomerId } from '@boon/contracts';
import { emailOrder, linkOrder, orderOf, serveOrders } from '../testing';

freshConsoleForEachTest();

const FILTERS_KEY = 'boon.order-history-filters';

async function openHistory(path = '/orders') {
  const view = await renderConsole(path, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Order history' });
  return view;
}

describe('Order history (/orders)', () => {
  it('lists the orders with their status, newest first, under the breadcrumb "Order History"', async () => {
    const { orderQueries } = serveOrders();
    await openHistory();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const email = await within(table).findByRole('row', { name: /OR-EMAIL0001/ });
    expect(email).toHaveTextContent('Completed');
    expect(email).toHaveTextContent('$48.50');
    expect(email).toHaveTextContent('Thank-you rewards');
    expect(within(table).getByRole('link', { name: 'OR-LINK00001' })).toHaveAttribute(
      'href',
      '/orders/OR-LINK00001',
    );
    expect(orderQueries.at(-1)).toMatchObject({ sort: 'createdAt', direction: 'desc', limit: 25 });
    expect(screen.getByRole('navigation', { name: /Breadcrumb/i })).toHaveTextContent(
      'Order History',
    );
    // The page's own and the sidebar's (spec 2.1) both lead to order type selection.
    const creates = screen.getAllByRole('link', { name: 'Create new reward' });
    expect(creates.map((link) => link.getAttribute('href'))).toEqual([
      '/order/type',
      '/order/type',
    ]);
    expect(document.title).toBe('Order History · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('filters and sorts on the server, in the address and in local storage', async () => {
    const user = userEvent.setup();
    const { orderQueries } = serveOrders();
    const { router } = await openHistory();
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'COMPLETED');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'COMPLETED' }));
    await waitFor(() => expect(orderQueries.at(-1)).toMatchObject({ status: 'COMPLETED' }));
    expect(JSON.parse(localStorage.getItem(FILTERS_KEY) ?? '{}')).toEqual({ status: 'COMPLETED' });

    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() =>
      expect(orderQueries.at(-1)).toMatchObject({ sort: 'total', direction: 'asc' }),
    );
    expect(router.state.location.search).toEqual({ status: 'COMPLETED', sort: 'total' });
  });

  it('offers the merchants the company has ordered from, and filters by one', async () => {
    const user = userEvent.setup();
    const { orderQueries } = serveOrders();
    const { router } = await openHistory();
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    const merchant = screen.getByRole('combobox', { name: /Merchant/ });
    expect(merchant).toHaveAccessibleDescription('The merchants your company has ordered from.');
    await waitFor(() =>
      expect(
        within(merchant)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All merchants', 'Book Barn (USD)', 'Coffee House (USD)']),
    );
    await user.selectOptions(merchant, 'BOOKS-US');
    await waitFor(() => expect(router.state.location.search).toEqual({ products: 'BOOKS-US' }));
    await waitFor(() => expect(orderQueries.at(-1)).toMatchObject({ products: 'BOOKS-US' }));
  });

  it('starts a later visit with the filters kept, and offers to clear them', async () => {
    const user = userEvent.setup();
    localStorage.setItem(FILTERS_KEY, JSON.stringify({ search: 'OR-LINK', bogus: '=1' }));
    const { orderQueries } = serveOrders();
    const { router } = await openHistory();
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'OR-LINK' }));
    await waitFor(() => expect(orderQueries.at(-1)).toMatchObject({ search: 'OR-LINK' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /OR-EMAIL0001/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
  });

  it('says "No record found." when there are no orders, and why when the list failed', async () => {
    serveOrders({ orders: [] });
    await openHistory();
    expect(await screen.findByText('No record found.')).toBeVisible();
  });

  it('explains a list that could not load in a sentence, never a status text', async () => {
    serveOrders({ orders: 'failing' });
    await openHistory();
    const problem = await screen.findByText(/We couldn't load your orders/);
    expect(problem).not.toHaveTextContent('Service Unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('downloads the listed orders as CSV with formula cells escaped', async () => {
    const user = userEvent.setup();
    serveOrders();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await openHistory();
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const csv = await createObjectURL.mock.calls[0]?.[0].text();
    expect(csv).toContain('Order,Created,Status,Delivery,Merchants');
    expect(csv).toContain('OR-EMAIL0001,2026-11-26T10:00:00.000Z,Completed,email,Coffee House');
  });

  it("marks a bulk order's orders, and lists one bulk order's orders from their link", async () => {
    const user = userEvent.setup();
    const bulk = (orderId: string) =>
      orderOf(
        {
          deliveryType: 'email',
          productCode: 'COFFEE-US',
          currency: 'USD',
          faceValue: '25',
          recipients: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
          description: 'Bulk order: team.csv',
        },
        { orderId, done: 1, bulkBatchId: 'BB-TEST00001' },
      );
    const { orderQueries } = serveOrders({
      orders: [emailOrder, linkOrder, bulk('OR-BULK0001'), bulk('OR-BULK0002')],
    });
    const { router } = await openHistory();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const first = await within(table).findByRole('row', { name: /OR-BULK0001/ });
    expect(within(first).getByText('Bulk')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'BB-TEST00001' })).toHaveAttribute(
      'href',
      '/bulk/progress/BB-TEST00001',
    );
    expect(within(table).getByRole('row', { name: /OR-EMAIL0001/ })).not.toHaveTextContent('Bulk');
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(
      within(first).getByRole('link', { name: 'Only its orders, bulk order BB-TEST00001' }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ batchId: 'BB-TEST00001' }));
    await waitFor(() => expect(orderQueries.at(-1)).toMatchObject({ batchId: 'BB-TEST00001' }));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /OR-EMAIL0001/ })).toBeNull(),
    );
    expect(screen.getByText(/The orders of bulk order/)).toHaveTextContent(
      'The orders of bulk order BB-TEST00001.',
    );
    expect(screen.getByRole('link', { name: 'Its progress and results' })).toHaveAttribute(
      'href',
      '/bulk/progress/BB-TEST00001',
    );
    expect(
      within(table)
        .getAllByRole('link', { name: /^OR-/ })
        .map((link) => link.textContent),
    ).toEqual(['OR-BULK0002', 'OR-BULK0001']);
    // A bulk order comes from a link: it is not kept for the next visit.
    expect(localStorage.getItem(FILTERS_KEY)).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show every order' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await within(table).findByRole('row', { name: /OR-EMAIL0001/ })).toBeVisible();
  });

  it('drops a bulk order id that is not one, and lists every order', async () => {
    const { orderQueries } = serveOrders();
    await openHistory('/orders?batchId=OR-EMAIL0001');
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    expect(orderQueries.at(-1)).not.toHaveProperty('batchId');
    expect(screen.queryByText(/The orders of bulk order/)).toBeNull();
  });

  it('shows a viewer (read:orders only) the history without any create button', async () => {
    serveOrders({ me: meOf(vera) });
    await openHistory();
    await screen.findByRole('row', { name: /OR-EMAIL0001/ });
    expect(screen.queryByRole('link', { name: /Create new reward/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create new reward/ })).toBeNull();
  });

  it('lists the orders as cards on a phone', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 342,
      height: 40,
      x: 24,
      y: 0,
      top: 0,
      left: 24,
      right: 366,
      bottom: 40,
      toJSON: () => ({}),
    });
    serveOrders();
    await openHistory();
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("is not for Globex (decisions.md): typing /orders or an order's address goes home", async () => {
    const globex = customer('C-GLOBEX01' as CustomerId, 'Globex Corporation');
    const { orderQueries, polls } = serveOrders({
      customer: globex,
      me: multiUser({ customerIds: ['C-GLOBEX01'] }),
    });
    const { router } = await renderConsole('/orders', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: /^Welcome/ });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('link', { name: 'Order history' })).toBeNull();
    await act(() =>
      router.navigate({ to: '/orders/$orderId', params: { orderId: 'OR-EMAIL0001' } }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect((await screen.findByText('Access denied')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: /^Order/ })).toBeNull();
    expect(orderQueries).toEqual([]);
    expect(polls).toEqual([]);
  });

  it('leads the legacy /orders-old addresses to the ones that replaced them', async () => {
    serveOrders();
    const { router } = await renderConsole('/orders-old/OR-LINK00001', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Order OR-LINK00001' });
    expect(router.state.location.pathname).toBe('/orders/OR-LINK00001');
    await router.navigate({ to: '/orders-old' });
    await screen.findByRole('heading', { level: 1, name: 'Order history' });
  });
});
