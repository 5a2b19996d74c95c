import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  fiona,
  meOf,
  freshConsoleForEachTest,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

freshConsoleForEachTest();

async function openFx() {
  const view = await renderConsole('/billing/add-funds/currency-exchange', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Boon FX' });
  return view;
}

async function askQuote(amount = '200') {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /You sell/ }), 'GBP');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /You get/ }), 'EUR');
  await userEvent.type(screen.getByRole('textbox', { name: /Amount to sell/ }), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
  return screen.findByRole('region', { name: 'Your quote' });
}

describe('CurrencyExchangePage (/billing/add-funds/currency-exchange)', () => {
  it('quotes, then exchanges once and shows the done exchange', async () => {
    const { trades } = serveBilling({ me: meOf(fiona) });
    await openFx();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeBalancesBoon FX',
    );
    expect(document.title).toBe('Boon FX · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
    const quote = await askQuote();
    expect(within(quote).getByText('You get').nextSibling).toHaveTextContent('€231.16');
    expect(within(quote).getByText('Fee (included)').nextSibling).toHaveTextContent('£0.50');
    expect(within(quote).getByText(/Valid for \d+ more seconds/)).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(within(quote).getByRole('button', { name: 'Exchange' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your exchange is done' }),
    ).toBeVisible();
    expect(await screen.findByText('Successful')).toBeVisible();
    expect(trades).toHaveLength(1);
    expect(trades[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says so when the quote has run out, and offers a new one', async () => {
    serveBilling({ me: meOf(fiona), quoteSeconds: 0 });
    await openFx();
    const quote = await askQuote();
    expect(
      await within(quote).findByText(
        'This quote has expired, so nothing was exchanged. Get a new quote.',
      ),
    ).toBeVisible();
    expect(within(quote).queryByRole('button', { name: 'Exchange' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Get a new quote' })).toBeVisible();
  });

  it("shows the server's refusal of a trade in words", async () => {
    serveBilling({ me: meOf(fiona), tradeRefusal: 'insufficient_funds' });
    await openFx();
    const quote = await askQuote();
    await userEvent.click(within(quote).getByRole('button', { name: 'Exchange' }));
    expect(
      await screen.findByText(
        "The exchange didn't go through: The balance is too low for this payment. Add funds to the balance, or pay a smaller amount.",
      ),
    ).toBeVisible();
  });

  it('refuses one currency twice before asking', async () => {
    serveBilling({ me: meOf(fiona) });
    await openFx();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /You sell/ }), 'GBP');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /You get/ }), 'GBP');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to sell/ }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText('Choose two different currencies')).toBeVisible();
  });

  it('is not open to a viewer, who may not exchange (spec 6)', async () => {
    serveBilling({ me: meOf(vera) });
    await renderConsole('/billing/add-funds/currency-exchange', fakeAuth());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Boon FX' })).toBeNull();
  });
});
