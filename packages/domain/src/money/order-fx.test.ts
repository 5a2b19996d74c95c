import { describe, expect, it } from 'vitest';
import { customerRate } from './fx-quote';
import { money } from './money';
import { convertMoney } from './rates';
import { orderFxPayment } from './order-fx';

describe('orderFxPayment', () => {
  // Rates from the shipped table (units per USD), less Boon FX's 0.5% spread.
  const usdToEur = customerRate('1', '0.9200'); // 0.9154
  const usdToJpy = customerRate('1', '151.20'); // 150.444
  const gbpToUsd = customerRate('0.7900', '1');

  it.each([
    // what, item total, items, pay currency, rate, per item [exchanged, fee, total], order total
    [
      'two 9.70 EUR rewards from USD',
      money('9.70', 'EUR'),
      2,
      'USD',
      usdToEur,
      ['10.60', '0.03', '10.63'],
      '21.26',
    ],
    [
      'a 1,000 JPY reward (no decimals) from USD',
      money('1000', 'JPY'),
      1,
      'USD',
      usdToJpy,
      ['6.65', '0.02', '6.67'],
      '6.67',
    ],
    [
      '200 rewards of 0.01 USD from GBP',
      money('0.01', 'USD'),
      200,
      'GBP',
      gbpToUsd,
      ['0.01', '0.00', '0.01'],
      '2.00',
    ],
    [
      'a 100,000 USD reward from GBP',
      money('100000.00', 'USD'),
      1,
      'GBP',
      gbpToUsd,
      ['79396.99', '198.49', '79595.48'],
      '79595.48',
    ],
  ] as const)('%s', (_what, itemTotal, count, pay, rate, [exchanged, fee, total], orderTotal) => {
    const payment = orderFxPayment(itemTotal, count, pay, rate);
    expect(payment.item).toEqual({
      exchanged: money(exchanged, pay),
      fee: money(fee, pay),
      total: money(total, pay),
    });
    expect(payment.total).toEqual(money(orderTotal, pay));
    expect(payment.exchanged.minor + payment.fee.minor).toBe(payment.total.minor);
    // What one reward's exchange buys is never less than the reward costs.
    expect(
      convertMoney(payment.item.exchanged, rate, itemTotal.currency, 'floor').minor,
    ).toBeGreaterThanOrEqual(itemTotal.minor);
  });

  it('is nothing for no rewards', () => {
    expect(orderFxPayment(money('5.00', 'EUR'), 0, 'USD', usdToEur).total).toEqual(
      money('0.00', 'USD'),
    );
  });

  it('refuses a count that is not a whole number of rewards', () => {
    expect(() => orderFxPayment(money('5.00', 'EUR'), 1.5, 'USD', usdToEur)).toThrow(RangeError);
  });
});
