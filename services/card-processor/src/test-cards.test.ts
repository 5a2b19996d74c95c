import { describe, expect, it } from 'vitest';
import { checkCard, passesLuhn, testCards } from './test-cards';

const now = new Date('2026-11-26T00:00:00Z');
const valid = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', name: 'Ada Lovelace' };

describe('passesLuhn', () => {
  it.each(testCards.map((card) => [card.number]))('%s passes', (number) => {
    expect(passesLuhn(number)).toBe(true);
  });
  it.each([['4242424242424241'], ['1234'], ['42424242424242424242'], ['abcd']])(
    '%s fails',
    (number) => {
      expect(passesLuhn(number)).toBe(false);
    },
  );
});

describe('checkCard', () => {
  it('takes a test card with spaces, and keeps only its last four digits', () => {
    const result = checkCard(valid, now);
    expect(result).toEqual({
      ok: true,
      value: {
        card: testCards[0],
        last4: '4242',
        expMonth: 12,
        expYear: 2029,
        name: 'Ada Lovelace',
      },
    });
  });

  it.each([
    ['an empty number', { number: '' }, 'number', 'Enter the card number.'],
    [
      'a mistyped number',
      { number: '4242 4242 4242 4241' },
      'number',
      'Enter the card number as it is on the card: 12 to 19 digits.',
    ],
    [
      'a real-looking card that is not a test card',
      { number: '4012 8888 8888 1881' },
      'number',
      'This sandbox takes test cards only, such as 4242 4242 4242 4242. Never enter a real card here.',
    ],
    ['no expiry', { expiry: '' }, 'expiry', 'Enter the expiry date.'],
    [
      'month 13',
      { expiry: '13/29' },
      'expiry',
      'Enter the expiry date as MM/YY, for example 12/29.',
    ],
    ['last month', { expiry: '10/26' }, 'expiry', 'This card has expired.'],
    [
      'a CVC of 2 digits',
      { cvc: '12' },
      'cvc',
      'Enter the 3 or 4 digit security code from the card.',
    ],
    ['no CVC', { cvc: '' }, 'cvc', 'Enter the security code.'],
  ] as const)('refuses %s', (_what, change, field, message) => {
    const result = checkCard({ ...valid, ...change }, now);
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('takes this month as not yet expired, and a 4-digit year', () => {
    expect(checkCard({ ...valid, expiry: '11/2026' }, now).ok).toBe(true);
  });
});
