import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  meOf,
  freshConsoleForEachTest,
  renderConsole,
  useFeatureToggleStore,
  vera,
} from '@boon/console-kit/testing';
import { serveBilling } from '../testing';

freshConsoleForEachTest();

async function openNotifications(path = '/billing/balance-notifications') {
  await renderConsole(path, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Low-balance notifications' });
}

const usdField = () => screen.findByRole('textbox', { name: /^USD/ });
const addresses = () => screen.getByRole('textbox', { name: /Addresses to notify/ });

describe('BalanceNotificationsPage (/billing/balance-notifications)', () => {
  it('shows the saved thresholds and addresses, and saves the changes', async () => {
    const { alertUpdates } = serveBilling();
    await openNotifications();
    expect(await usdField()).toHaveValue('2000.00');
    expect(addresses()).toHaveValue('finance@acme.test');
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: /^GBP/ }), '500');
    await userEvent.type(addresses(), '\nowner@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(
      await screen.findByText(
        'Saved. We will e-mail 2 addresses when a watched balance falls under its threshold.',
      ),
    ).toBeVisible();
    expect(alertUpdates).toEqual([
      {
        thresholds: [
          { currency: 'GBP', threshold: '500' },
          { currency: 'USD', threshold: '2000.00' },
        ],
        recipients: ['finance@acme.test', 'owner@acme.test'],
      },
    ]);
  });

  it.each([
    [
      'a sixth address',
      'a@acme.test\nb@acme.test\nc@acme.test\nd@acme.test\ne@acme.test\nf@acme.test',
      'Enter at most 5 addresses.',
    ],
    ['an address twice', 'a@acme.test, A@acme.test', 'A@acme.test is in the list twice.'],
    ['a mistyped address', 'finance@acme', 'finance@acme is not a valid e-mail address.'],
    // Spec 5's text for an empty field the form needs.
    ['no address for a threshold', '', 'This field is required.'],
  ])('refuses %s before sending anything', async (_what, typed, message) => {
    const { alertUpdates } = serveBilling();
    await openNotifications();
    await usdField();
    await userEvent.clear(addresses());
    if (typed) await userEvent.type(addresses(), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(alertUpdates).toEqual([]);
  });

  it('refuses more decimals than the currency has', async () => {
    const { alertUpdates } = serveBilling();
    await openNotifications();
    await usdField();
    await userEvent.type(screen.getByRole('textbox', { name: /^GBP/ }), '10.001');
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('GBP amounts have at most 2 decimals.')).toBeVisible();
    expect(alertUpdates).toEqual([]);
  });

  it('shows a viewer the watched balances without a form', async () => {
    serveBilling({ me: meOf(vera) });
    await openNotifications();
    expect(await screen.findByText(/USD: under \$2,000\.00/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save notifications' })).toBeNull();
  });

  it("says so when the older platform's link names another company", async () => {
    serveBilling();
    await openNotifications('/billing/balance-notifications?customerId=C-GLOBEX01');
    expect(screen.getByText(/This link is for another company \(C-GLOBEX01\)/)).toBeVisible();
  });
});

describe('low-balance badges on Balances', () => {
  it('marks a balance under its threshold, while the toggle is on', async () => {
    serveBilling();
    await renderConsole('/billing', fakeAuth());
    const usd = await screen.findByRole('listitem', { name: /USD/ });
    expect(within(usd).getByText('Low balance')).toBeVisible();
    expect(within(usd).getByText('Under your $2,000.00 threshold')).toBeVisible();
    const gbp = screen.getByRole('listitem', { name: /GBP/ });
    expect(within(gbp).queryByText('Low balance')).toBeNull();
  });

  it('shows none when staff turn the badges off', async () => {
    useFeatureToggleStore.getState().setToggle('lowBalanceBadges', false);
    serveBilling();
    await renderConsole('/billing', fakeAuth());
    await screen.findByRole('listitem', { name: /USD/ });
    expect(screen.queryByText('Low balance')).toBeNull();
  });
});
