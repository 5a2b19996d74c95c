import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount', () => {
  it.each([
    ['1234.5', 'USD', 'en', '$1,234.50'],
    ['-0.05', 'USD', 'en', '-$0.05'],
    ['0.125', 'USD', 'en', '$0.12'],
    ['0.135', 'USD', 'en', '$0.14'],
    ['1500', 'JPY', 'en', '¥1,500'],
    ['1.234', 'BHD', 'en', 'BHD 1.234'],
    ['1234.5', 'EUR', 'de', '1.234,50 €'],
  ])('shows %s %s in %s as %s', (amount, currency, locale, expected) => {
    expect(formatAmount(amount, currency, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('shows what it cannot read as it came, never as a guess', () => {
    expect(formatAmount('12.3.4', 'USD', 'en')).toBe('12.3.4 USD');
    expect(formatAmount('1e3', 'USD', 'en')).toBe('1e3 USD');
    expect(formatAmount('10', 'XYZ', 'en')).toBe('10 XYZ');
  });

  it("uses the browser's language when none is given", () => {
    expect(formatAmount('2', 'GBP')).toMatch(/£2[.,]00/);
  });
});
