import { describe, expect, it } from 'vitest';
import { customerRate, quoteBuying, quoteSelling } from './fx-quote';
import { money } from './money';

describe('customerRate', () => {
  it.each([
    ['GBP to EUR at 0.79 and 0.92 per USD, less 0.5%', '0.79', '0.92', '1.158734177'],
    ['USD to JPY at 1 and 150', '1', '150', '149.25'],
    ['the same both ways, less the spread', '1', '1', '0.995'],
  ])('%s', (_what, sellPerBase, buyPerBase, expected) => {
    expect(customerRate(sellPerBase, buyPerBase)).toBe(expected);
  });
});

describe('quoteSelling', () => {
  it('sells 200 GBP: 0.25% fee on what is exchanged, the rest converted, rounded down', () => {
    const quote = quoteSelling(money('200.00', 'GBP'), 'EUR', '1.158860759');
    expect(quote.exchanged).toEqual(money('199.50', 'GBP'));
    expect(quote.fee).toEqual(money('0.50', 'GBP'));
    expect(quote.buy).toEqual(money('231.19', 'EUR'));
    expect(quote.exchanged.minor + quote.fee.minor).toBe(quote.sell.minor);
  });

  it.each([
    ['1 cent', '0.01'],
    ['an odd amount', '1234.57'],
    ['a large amount', '999999999.99'],
  ])('balances to the cent for %s', (_what, amount) => {
    const quote = quoteSelling(money(amount, 'USD'), 'JPY', '149.25');
    expect(quote.exchanged.minor + quote.fee.minor).toBe(quote.sell.minor);
    expect(quote.fee.minor).toBeGreaterThanOrEqual(0n);
  });
});

describe('quoteBuying', () => {
  it('buys exactly 100 EUR, never less, and charges the fee on top', () => {
    const quote = quoteBuying(money('100.00', 'EUR'), 'GBP', '1.158860759');
    expect(quote.buy).toEqual(money('100.00', 'EUR'));
    expect(quote.exchanged).toEqual(money('86.30', 'GBP'));
    expect(quote.fee).toEqual(money('0.22', 'GBP'));
    expect(quote.sell).toEqual(money('86.52', 'GBP'));
  });
});
