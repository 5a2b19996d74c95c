import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  meOf,
  freshConsoleForEachTest,
  renderConsole,
  vera,
} from '@boon/console-kit/testing';
import { bankTopUp, serveBilling } from '../testing';

freshConsoleForEachTest();

async function openBalances() {
  const view = await renderConsole('/billing', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Balances' });
  return view;
}

describe('BalancesPage (/billing)', () => {
  it('shows a card per float with its amounts, what is pending and the forecast', async () => {
    serveBilling();
    await openBalances();

    const list = await screen.findByRole('list', { name: 'Balances' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'EUR · Euro',
      'GBP · British pound',
      'USD · US dollar',
    ]);
    const gbp = within(list).getByRole('listitem', { name: /GBP/ });
    expect(gbp).toHaveTextContent('£10,000.00');
    expect(gbp).toHaveTextContent('£500.00 pending');
    const usd = within(list).getByRole('listitem', { name: /USD/ });
    expect(usd).toHaveTextContent('$1,000.00');
    expect(usd).toHaveTextContent("Runs out in about 10 days at the last 30 days' pace");
    expect(usd).not.toHaveTextContent('pending');
    expect(document.title).toBe('Balances · Boon');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('offers Add funds to whoever may top up by bank, and not to a viewer', async () => {
    serveBilling();
    await openBalances();
    await screen.findByRole('list', { name: 'Balances' });
    expect(screen.getByRole('link', { name: 'Add funds' })).toHaveAttribute(
      'href',
      '/billing/add-funds',
    );
  });

  it('shows the balances to a viewer, without Add funds', async () => {
    serveBilling({ me: meOf(vera) });
    await openBalances();
    await screen.findByRole('list', { name: 'Balances' });
    expect(screen.queryByRole('link', { name: 'Add funds' })).toBeNull();
  });

  it('says in words when the balances cannot be loaded, and loads them on Try again', async () => {
    serveBilling({ balances: 'failing' });
    await openBalances();
    const message = await screen.findByText(/We couldn't load your balances:/);
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toHaveTextContent('Service Unavailable');
    serveBilling();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Balances' })).toBeVisible();
  });

  it('says so when the company has no balances yet', async () => {
    serveBilling({
      balances: [],
      customer: {
        ...(await import('../testing')).acmeWithBalances,
        customerFeatureFlags: {
          balances: { enabled: true, floats: [], cardFees: false },
          fx: false,
          breakage: false,
          discounts: false,
        },
      },
    });
    await openBalances();
    expect(await screen.findByText(/This company has no balances yet/)).toBeVisible();
  });
});

describe('Top-ups on the balances page', () => {
  it('lists the top-ups newest first, a page at a time, each linking to its page', async () => {
    const topUps = Array.from({ length: 12 }, (_, index) =>
      bankTopUp({
        topUpId: `TU-PAGE${String(index).padStart(5, '0')}`,
        paymentReference: `TU-PAGE${String(index).padStart(5, '0')}`,
        amount: `${index + 1}00.00`,
      }),
    );
    serveBilling({ topUps });
    await openBalances();
    const section = screen.getByRole('region', { name: 'Top-ups' });
    expect(await within(section).findByRole('link', { name: 'TU-PAGE00000' })).toHaveAttribute(
      'href',
      '/billing/top-up/TU-PAGE00000',
    );
    expect(within(section).getAllByRole('link', { name: /^TU-PAGE/ })).toHaveLength(10);
    expect(within(section).getAllByText('Waiting for your payment')[0]).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Show 10 more' }));
    expect(await within(section).findByRole('link', { name: 'TU-PAGE00011' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: /Show/ })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says so when there are none', async () => {
    serveBilling({ topUps: [] });
    await openBalances();
    expect(await screen.findByText(/No top-ups yet/)).toBeVisible();
  });
});
