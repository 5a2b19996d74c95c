import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes, currencyExponent, type CurrencyCode } from './currencies.js';
import { formatDecimalMoney, formatMoney } from './format-money.js';
import { money, moneyFromMinor, toDecimalString } from './money.js';

/** Intl's no-break spaces read as plain spaces, so the examples stay legible. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney (spec 9: narrow symbol, half-even)', () => {
  it.each([
    ['1234.5', 'USD', '$1,234.50'],
    ['-0.05', 'USD', '-$0.05'],
    ['0', 'USD', '$0.00'],
    ['-1234.56', 'USD', '-$1,234.56'],
    ['12.3', 'GBP', '£12.30'],
    ['8000', 'EUR', '€8,000.00'],
    ['25000', 'CAD', '$25,000.00'],
    ['100', 'AUD', '$100.00'],
    ['1500', 'JPY', '¥1,500'],
    ['-7', 'KRW', '-₩7'],
    ['0', 'JPY', '¥0'],
    ['1.234', 'BHD', 'BHD 1.234'],
    ['-0.001', 'KWD', '-KWD 0.001'],
    // ISO 4217's decimals, though Intl's own data gives IDR none.
    ['15000.5', 'IDR', 'Rp 15,000.50'],
    ['12345678901234567890.12', 'USD', '$12,345,678,901,234,567,890.12'],
  ])('%s %s reads "%s"', (text, currency, expected) => {
    expect(plain(formatMoney(money(text, currency)))).toBe(expected);
  });

  it("follows the locale's grouping, separator, minus and numerals", () => {
    expect(plain(formatMoney(money('-1234.5', 'EUR'), 'de'))).toBe('-1.234,50 €');
    expect(plain(formatMoney(money('-0.05', 'EUR'), 'fr'))).toBe('-0,05 €');
    expect(formatMoney(money('-0.5', 'USD'), 'ar-EG')).toBe(
      new Intl.NumberFormat('ar-EG', {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(-0.5),
    );
  });

  it('rounds a longer decimal half-even first', () => {
    const shown = (text: string, currency: string) => {
      const result = formatDecimalMoney(text, currency);
      return result.ok ? plain(result.value) : result.error.code;
    };
    expect(shown('0.125', 'USD')).toBe('$0.12');
    expect(shown('0.135', 'USD')).toBe('$0.14');
    expect(shown('-0.125', 'USD')).toBe('-$0.12');
    expect(shown('-0.001', 'USD')).toBe('$0.00');
    expect(shown('2.5', 'JPY')).toBe('¥2');
    expect(shown('3.5', 'JPY')).toBe('¥4');
    expect(shown('1.0005', 'BHD')).toBe('BHD 1.000');
    expect(shown('1e3', 'USD')).toBe('format');
    expect(shown('1', 'XYZ')).toBe('unknown_currency');
  });
});

describe('formatMoney properties, for every exponent (0, 2, 3)', () => {
  const currency = fc.oneof(
    fc.constantFrom<CurrencyCode>('JPY', 'USD', 'BHD'),
    fc.constantFrom(...currencyCodes),
  );
  const locale = fc.constantFrom('en', 'en-GB', 'en-IN', 'de', 'fr', 'ja', 'ar-EG', 'hi-IN');
  const minor = fc.oneof(
    fc.bigInt({ min: -10_000n, max: 10_000n }),
    fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
  );

  it("reads exactly as Intl's own exact decimal-string formatting, however large", () => {
    fc.assert(
      fc.property(currency, minor, locale, (code, units, loc) => {
        const amount = moneyFromMinor(code, units);
        const exponent = currencyExponent(code);
        const intl = new Intl.NumberFormat(loc, {
          style: 'currency',
          currency: code,
          currencyDisplay: 'narrowSymbol',
          minimumFractionDigits: exponent,
          maximumFractionDigits: exponent,
        });
        // Node 20 formats a decimal string exactly (Intl.NumberFormat v3): the oracle.
        const exact = intl.format(toDecimalString(amount) as `${number}`);
        expect(formatMoney(amount, loc)).toBe(exact);
      }),
    );
  });

  it("shows the currency's decimals, the digits of the amount, and a minus only below zero", () => {
    fc.assert(
      fc.property(currency, minor, (code, units) => {
        const shown = formatMoney(moneyFromMinor(code, units), 'en');
        const exponent = currencyExponent(code);
        const digits = shown.replace(/[^\d.]/g, '').replace(/^\.+/, '');
        expect(digits.replace('.', '').replace(/^0+(?=\d)/, '')).toBe(
          (units < 0n ? -units : units).toString(),
        );
        expect(digits.split('.')[1]?.length ?? 0).toBe(exponent);
        expect(shown.startsWith('-')).toBe(units < 0n);
        expect(shown).not.toMatch(/e[+-]?\d|NaN|∞/);
      }),
    );
  });
});
