import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fakeAuth,
  fiona,
  meOf,
  olivia,
  freshConsoleForEachTest,
  renderConsole,
} from '@boon/console-kit/testing';
import { serveBilling, visaCard } from '../testing';

freshConsoleForEachTest();

async function openCardTopUp() {
  const view = await renderConsole('/billing/add-funds/card-top-up', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Add funds by card' });
  return view;
}

describe('Add funds (/billing/add-funds)', () => {
  it('offers the owner bank transfer, card payment and Boon FX', async () => {
    serveBilling();
    await renderConsole('/billing/add-funds', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Add funds' });
    const ways = within(screen.getByRole('main'));
    expect(ways.getByRole('link', { name: /Card payment/ })).toHaveAttribute(
      'href',
      '/billing/add-funds/card-top-up',
    );
    expect(ways.getByRole('link', { name: /Boon FX/ })).toBeVisible();
    expect(ways.getByRole('link', { name: /Bank transfer/ })).toBeVisible();
  });
});

describe('CardTopUpPage (/billing/add-funds/card-top-up)', () => {
  it('shows what the card is charged, the 2.5% card fee included, before paying', async () => {
    serveBilling({ savedCards: [visaCard] });
    await openCardTopUp();
    await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/29', checked: true });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Balance/ }), 'GBP');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to add/ }), '500');
    const charge = screen.getByRole('region', { name: 'What you pay' });
    expect(within(charge).getByText('Card fee (2.5%)').nextSibling).toHaveTextContent('£12.50');
    expect(within(charge).getByText('Charged to your card').nextSibling).toHaveTextContent(
      '£512.50',
    );
    expect(screen.getByRole('button', { name: 'Pay £512.50' })).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('pays with a stored card once, then shows the funds added', async () => {
    const { created } = serveBilling({ savedCards: [visaCard] });
    await openCardTopUp();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Balance/ }), 'GBP');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to add/ }), '500');
    // The company's newest stored card is chosen at first.
    expect(
      await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/29' }),
    ).toBeChecked();
    expect(screen.queryByTitle('Card details')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £512.50' }));
    await screen.findByRole('heading', { level: 1, name: 'Funds added' });
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toEqual({
      method: 'card',
      currency: 'GBP',
      amount: '500',
      savedCardId: visaCard.cardId,
    });
    expect(created[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Visa ending 4242')).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says a declined card took no money, and lets the person try again', async () => {
    serveBilling({ savedCards: [visaCard], cardOutcome: 'declined' });
    await openCardTopUp();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Balance/ }), 'GBP');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to add/ }), '20');
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/29' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(
      await screen.findByText(
        'Your card was declined, so no money was taken. Try another card, or add funds by bank transfer.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  });

  it('after a payment that got no answer, pays that same one again under its key, the form locked', async () => {
    const { created } = serveBilling({ savedCards: [visaCard], cardOutcome: 'unanswered-once' });
    await openCardTopUp();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Balance/ }), 'GBP');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to add/ }), '500');
    await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/29', checked: true });
    await userEvent.click(screen.getByRole('button', { name: 'Pay £512.50' }));
    expect(await screen.findByText(/Your last payment got no answer/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Amount to add/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £512.50' }));
    await screen.findByRole('heading', { level: 1, name: 'Funds added' });
    expect(created).toHaveLength(2);
    expect(created[1]).toEqual(created[0]);
  });

  it('refuses more than one card payment may add, before sending anything', async () => {
    const { created } = serveBilling({ savedCards: [visaCard] });
    await openCardTopUp();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Balance/ }), 'USD');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount to add/ }), '25000.01');
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Visa ending 4242, expires 12/29' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(/One card payment can add at most 25000.00 USD/)).toBeVisible();
    expect(created).toHaveLength(0);
  });

  it('shows the card processor’s frame for a new card', async () => {
    serveBilling();
    await openCardTopUp();
    expect(screen.getByTitle('Card details')).toHaveAttribute('src', '/card-sandbox/frame');
    expect(
      screen.getByRole('checkbox', { name: 'Save this card for future top-ups' }),
    ).toBeVisible();
  });
});

describe('StoredCardsPage (/stored-cards)', () => {
  it('lists the cards and removes one after asking', async () => {
    serveBilling({ savedCards: [visaCard] });
    await renderConsole('/stored-cards', fakeAuth());
    const list = await screen.findByRole('list', { name: 'Stored cards' });
    expect(list).toHaveTextContent('Visa ending 4242');
    expect(list).toHaveTextContent('Expires 12/29');
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Visa ending 4242' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Visa ending 4242?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await screen.findByText('No stored cards yet.', { exact: false });
    expect(screen.getByText('Visa ending 4242 removed.')).toBeInTheDocument();
  });

  it('says so when there are none, and when they cannot be loaded', async () => {
    serveBilling();
    const view = await renderConsole('/stored-cards', fakeAuth());
    expect(await screen.findByText(/No stored cards yet\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute(
      'href',
      '/stored-cards/add',
    );
    view.unmount();
    serveBilling({ savedCards: 'failing' });
    await renderConsole('/stored-cards', fakeAuth());
    expect(await screen.findByText(/We couldn't load your stored cards/)).toBeVisible();
  });

  it('gives a finance manager the list without Remove (delete:payment_cards)', async () => {
    serveBilling({ me: meOf(fiona), savedCards: [visaCard] });
    await renderConsole('/stored-cards', fakeAuth());
    await screen.findByRole('list', { name: 'Stored cards' });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add a card' })).toBeVisible();
  });

  it('sends /payment-methods/add to the stored cards’ add page', async () => {
    serveBilling();
    await renderConsole('/payment-methods/add', fakeAuth());
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a card' })).toBeVisible();
  });
});

describe('the balances terms (spec 6: add-funds needs them accepted)', () => {
  it('asks a person who has not accepted them before Add funds, and saves the answer', async () => {
    const owner = meOf(olivia);
    const { optionUpdates } = serveBilling({
      me: { ...owner, options: { ...owner.options, useBalancesTncAccepted: false } },
    });
    await renderConsole('/billing', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Balances' });
    await userEvent.click(screen.getByRole('button', { name: 'Add funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept the balances terms' });
    expect(dialog).toHaveTextContent('A balance earns no interest and is not a bank deposit.');
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Add funds' });
    expect(optionUpdates).toEqual([{ useBalancesTncAccepted: true }]);
  });

  it('lets a person close the terms without accepting, staying on Balances', async () => {
    const owner = meOf(olivia);
    const { optionUpdates } = serveBilling({
      me: { ...owner, options: { ...owner.options, useBalancesTncAccepted: false } },
    });
    await renderConsole('/billing', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Balances' });
    await userEvent.click(screen.getByRole('button', { name: 'Add funds' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
    expect(optionUpdates).toEqual([]);
  });
});
