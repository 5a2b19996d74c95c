import { describe, expect, it } from 'vitest';
import { balanceCards, forecastText } from './balance-cards';

const balance = (
  currency: string,
  available: string,
  pending = '0.00',
  spent = '0.00',
  lowBalanceThreshold: string | null = null,
) => ({ currency, available, pending, spentLast30Days: spent, lowBalanceThreshold });

describe('balanceCards', () => {
  it('shows each float with its title, flag and symbol, alphabetically', () => {
    const cards = balanceCards([balance('USD', '25000.00'), balance('GBP', '10000.00')]);
    expect(
      cards.map((card) => [card.currency.code, card.currency.title, card.currency.flag]),
    ).toEqual([
      ['GBP', 'British pound', '🇬🇧'],
      ['USD', 'US dollar', '🇺🇸'],
    ]);
  });

  it('adds a card at zero for a currency the customer may hold but has not funded', () => {
    const cards = balanceCards([balance('USD', '10.00')], ['USD', 'EUR']);
    expect(cards.map((card) => [card.currency.code, card.available])).toEqual([
      ['EUR', '0'],
      ['USD', '10.00'],
    ]);
  });

  it.each([
    ['nothing pending', '0.00', false],
    ['money on its way', '500.00', true],
    ['a whole-number currency', '0', false],
  ])('%s', (_what, pending, hasPending) => {
    expect(balanceCards([balance('GBP', '1.00', pending)])[0]?.hasPending).toBe(hasPending);
  });

  it('forecasts from the last 30 days: 3,000 spent and 1,000 left is about 10 days', () => {
    expect(balanceCards([balance('USD', '1000.00', '0.00', '3000.00')])[0]?.runsOutInDays).toBe(10);
    expect(balanceCards([balance('USD', '1000.00')])[0]?.runsOutInDays).toBeUndefined();
  });
});

describe('low balances', () => {
  it.each([
    ['under the threshold', '99.99', '100.00', true],
    ['at the threshold', '100.00', '100.00', false],
    ['no threshold set', '0.00', null, false],
  ] as const)('%s', (_what, available, threshold, low) => {
    expect(balanceCards([balance('GBP', available, '0.00', '0.00', threshold)])[0]?.low).toBe(low);
  });
});

describe('forecastText', () => {
  it.each([
    [undefined, undefined],
    [0, "Runs out within a day at the last 30 days' pace"],
    [1, "Runs out in about 1 day at the last 30 days' pace"],
    [12, "Runs out in about 12 days at the last 30 days' pace"],
    [400, "Lasts more than a year at the last 30 days' pace"],
  ])('%s days', (days, text) => {
    expect(forecastText(days)).toBe(text);
  });
});
