import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  freshConsoleForEachTest,
  meOf,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import { emailOrder, serveOrders } from '../testing';

freshConsoleForEachTest();

const undelivered = {
  ...emailOrder,
  items: emailOrder.items.map((item, index) =>
    index === 0
      ? {
          ...item,
          emailStatus: 'email-undeliverable' as const,
          deliveryError: 'The mailbox ada@example.com does not exist.',
        }
      : item,
  ),
};

describe('Order details (/orders/{id})', () => {
  it("shows the order's totals, message and recipients, with a way back to orders", async () => {
    serveOrders();
    await renderConsole('/orders/OR-EMAIL0001', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Order OR-EMAIL0001' });
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
    expect((await screen.findByText('Total')).parentElement).toHaveTextContent('Total$48.50');
    expect(screen.getByText('Thank you!')).toBeVisible();
    const recipients = screen.getByRole('table', { name: 'Recipients' });
    expect(within(recipients).getAllByText('E-mail sent')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: /Breadcrumb/i })).toHaveTextContent(
      'Order History',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says which balance paid an order in another currency, at what rate and fee', async () => {
    const paidInGbp = {
      ...emailOrder,
      payment: {
        currency: 'GBP',
        rate: '1.259493671',
        exchanged: '38.52',
        fee: '0.10',
        total: '38.62',
      },
    };
    serveOrders({ orders: [paidInGbp] });
    await renderConsole('/orders/OR-EMAIL0001', fakeAuth());
    const paid = await screen.findByText('Paid from your GBP balance');
    expect(paid.parentElement).toHaveTextContent(
      '£38.62 GBP at 1 GBP = 1.259493671 USD, Boon FX fee £0.10 GBP included',
    );
    expect((await screen.findByText('Total')).parentElement).toHaveTextContent('Total$48.50');
  });

  it('cancels the order after a confirmation', async () => {
    const user = userEvent.setup();
    const { cancels } = serveOrders();
    await renderConsole('/orders/OR-LINK00001', fakeAuth());
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/Order cancelled/)).toBeVisible();
    expect(cancels).toEqual([{ orderId: 'OR-LINK00001', idempotencyKey: expect.any(String) }]);
    const heading = screen.getByRole('heading', { level: 1, name: 'Order OR-LINK00001' });
    expect(heading.parentElement).toHaveTextContent('Cancelled');
  });

  it('resends an undelivered reward to a corrected address', async () => {
    const user = userEvent.setup();
    const { resends } = serveOrders({ orders: [undelivered] });
    await renderConsole('/orders/OR-EMAIL0001', fakeAuth());
    expect(await screen.findByText('The mailbox ada@example.com does not exist.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend to Ada Lovelace' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'ada@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resends).toEqual([
      {
        orderId: 'OR-EMAIL0001',
        itemId: 'OI-TEST0001',
        body: { recipient: { name: 'Ada Lovelace', email: 'ada@example.org' } },
      },
    ]);
    expect(await screen.findByText('Reward sent again to Ada Lovelace.')).toBeVisible();
  });

  it('offers a viewer neither cancel nor resend', async () => {
    serveOrders({ me: meOf(vera), orders: [undelivered] });
    await renderConsole('/orders/OR-EMAIL0001', fakeAuth());
    await screen.findByText('Total');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
