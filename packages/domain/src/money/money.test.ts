import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes, currencyExponent, type CurrencyCode } from './currencies.js';
import {
  addMoney,
  allocateMoney,
  compareMoney,
  CurrencyMismatchError,
  isNegativeMoney,
  isPositiveMoney,
  isZeroMoney,
  money,
  moneyEquals,
  moneyFromMinor,
  multiplyMoney,
  negateMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  zeroMoney,
  type Money,
} from './money.js';

describe('parseMoney', () => {
  it.each([
    ['12.34', 'USD', 1234n],
    ['12.3', 'USD', 1230n],
    ['12', 'USD', 1200n],
    ['0.01', 'USD', 1n],
    ['100', 'JPY', 100n],
    ['1.234', 'BHD', 1234n],
    ['1.2', 'KWD', 1200n],
    ['5000.50', 'GBP', 500050n],
    ['99999999999999.99', 'EUR', 9999999999999999n],
  ])('reads "%s" %s as %d minor units', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toEqual({ ok: true, value: { currency, minor } });
  });

  it('refuses more decimals than the currency has, saying how many it has', () => {
    expect(parseMoney('12.345', 'USD')).toEqual({
      ok: false,
      error: { code: 'too_many_decimals', message: 'USD amounts have at most 2 decimals.' },
    });
    expect(parseMoney('100.5', 'JPY')).toEqual({
      ok: false,
      error: { code: 'too_many_decimals', message: 'JPY amounts are whole numbers.' },
    });
    expect(parseMoney('1.2345', 'BHD')).toEqual({
      ok: false,
      error: { code: 'too_many_decimals', message: 'BHD amounts have at most 3 decimals.' },
    });
    // Trailing zeros are decimals too: "100.0" is not a JPY amount as written.
    expect(parseMoney('100.0', 'JPY')).toMatchObject({ ok: false });
  });

  it('rounds extra decimals only when a rounding mode is asked for', () => {
    const halfEven = { rounding: 'half-even' } as const;
    expect(parseMoney('0.125', 'USD', halfEven)).toMatchObject({ value: { minor: 12n } });
    expect(parseMoney('0.135', 'USD', halfEven)).toMatchObject({ value: { minor: 14n } });
    expect(parseMoney('0.1251', 'USD', halfEven)).toMatchObject({ value: { minor: 13n } });
    expect(parseMoney('2.5', 'JPY', halfEven)).toMatchObject({ value: { minor: 2n } });
    expect(parseMoney('3.5', 'JPY', halfEven)).toMatchObject({ value: { minor: 4n } });
    expect(parseMoney('1.0005', 'BHD', halfEven)).toMatchObject({ value: { minor: 1000n } });
    expect(parseMoney('-0.125', 'USD', { ...halfEven, allowNegative: true })).toMatchObject({
      value: { minor: -12n },
    });
    expect(parseMoney('12.349', 'USD', { rounding: 'floor' })).toMatchObject({
      value: { minor: 1234n },
    });
  });

  it('refuses signs unless negatives are allowed', () => {
    expect(parseMoney('-0.05', 'USD')).toEqual({
      ok: false,
      error: { code: 'negative', message: 'Enter an amount that is not negative.' },
    });
    expect(parseMoney('-0.05', 'USD', { allowNegative: true })).toEqual({
      ok: true,
      value: { currency: 'USD', minor: -5n },
    });
    expect(parseMoney('+5', 'USD', { allowNegative: true })).toMatchObject({
      error: { code: 'format' },
    });
  });

  it('refuses what is not a plain decimal, and an unknown currency, with a clear result', () => {
    for (const text of [
      '1e3',
      '1E-2',
      ' 12',
      '12 ',
      '1 000',
      '1,000.00',
      'NaN',
      'Infinity',
      '12.',
      '.5',
      '$12',
    ]) {
      expect(parseMoney(text, 'USD'), text).toEqual({
        ok: false,
        error: { code: 'format', message: 'Enter a plain decimal number, such as 12.34.' },
      });
    }
    expect(parseMoney('', 'USD')).toEqual({
      ok: false,
      error: { code: 'empty', message: 'Enter an amount.' },
    });
    expect(parseMoney('12', 'XYZ')).toEqual({
      ok: false,
      error: { code: 'unknown_currency', message: 'XYZ is not a currency we know.' },
    });
    expect(parseMoney('12', 'usd')).toMatchObject({ error: { code: 'unknown_currency' } });
  });
});

describe('toDecimalString: the API boundary form', () => {
  it.each([
    ['USD', 1230n, '12.30'],
    ['USD', -5n, '-0.05'],
    ['USD', 0n, '0.00'],
    ['JPY', 100n, '100'],
    ['JPY', -7n, '-7'],
    ['BHD', 1234n, '1.234'],
    ['BHD', 5n, '0.005'],
    ['USD', 123456789012345678901234n, '1234567890123456789012.34'],
  ])('%s %d is "%s"', (currency, minor, text) => {
    expect(toDecimalString(moneyFromMinor(currency, minor))).toBe(text);
  });
});

describe('arithmetic', () => {
  const usd = (text: string) => money(text, 'USD');

  it('adds, subtracts, negates, sums, multiplies and compares within one currency', () => {
    expect(addMoney(usd('0.10'), usd('0.20'))).toEqual(usd('0.30'));
    expect(subtractMoney(usd('0.10'), usd('0.30'))).toEqual(usd('-0.20'));
    expect(negateMoney(usd('1.5'))).toEqual(usd('-1.50'));
    expect(sumMoney('USD', [usd('1'), usd('2.5'), usd('0.01')])).toEqual(usd('3.51'));
    expect(sumMoney('JPY', [])).toEqual(zeroMoney('JPY'));
    expect(multiplyMoney(usd('12.34'), 3n)).toEqual(usd('37.02'));
    expect(compareMoney(usd('1'), usd('1.00'))).toBe(0);
    expect(compareMoney(usd('0.99'), usd('1'))).toBe(-1);
    expect(moneyEquals(usd('1'), usd('1.00'))).toBe(true);
    expect(isZeroMoney(usd('0'))).toBe(true);
    expect(isNegativeMoney(usd('-0.01'))).toBe(true);
    expect(isPositiveMoney(usd('0.01'))).toBe(true);
  });

  it('refuses to mix currencies', () => {
    const gbp = money('1', 'GBP');
    expect(() => addMoney(usd('1'), gbp)).toThrow(CurrencyMismatchError);
    expect(() => subtractMoney(usd('1'), gbp)).toThrow('Cannot combine USD and GBP amounts');
    expect(() => compareMoney(usd('1'), gbp)).toThrow(CurrencyMismatchError);
    expect(() => moneyEquals(usd('0'), money('0', 'JPY'))).toThrow(CurrencyMismatchError);
    expect(() => sumMoney('USD', [gbp])).toThrow(CurrencyMismatchError);
  });

  it('builds amounts only of known currencies and bigint minor units', () => {
    expect(() => moneyFromMinor('XYZ', 1n)).toThrow('Unknown currency "XYZ"');
    expect(() => moneyFromMinor('USD', 1 as unknown as bigint)).toThrow(TypeError);
    expect(() => money('1.234', 'USD')).toThrow('USD amounts have at most 2 decimals.');
  });

  it('allocates with nothing lost or made', () => {
    expect(allocateMoney(usd('10'), [1, 1, 1]).map(toDecimalString)).toEqual([
      '3.34',
      '3.33',
      '3.33',
    ]);
    expect(allocateMoney(usd('-10'), [1, 1, 1]).map(toDecimalString)).toEqual([
      '-3.34',
      '-3.33',
      '-3.33',
    ]);
    expect(allocateMoney(money('100', 'JPY'), [70, 30, 0]).map(toDecimalString)).toEqual([
      '70',
      '30',
      '0',
    ]);
    expect(allocateMoney(money('0.005', 'BHD'), [0, 1, 1]).map(toDecimalString)).toEqual([
      '0.000',
      '0.003',
      '0.002',
    ]);
    expect(() => allocateMoney(usd('1'), [0, 0])).toThrow(RangeError);
    expect(() => allocateMoney(usd('1'), [-1, 2])).toThrow(RangeError);
    expect(() => allocateMoney(usd('1'), [0.5, 0.5])).toThrow(RangeError);
  });
});

/** One currency of each exponent, and any currency of the table. */
const currencyOfEachExponent = fc.constantFrom<CurrencyCode>('JPY', 'USD', 'BHD', 'KRW', 'KWD');
const anyCurrency = fc.oneof(currencyOfEachExponent, fc.constantFrom(...currencyCodes));
const minorUnits = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const amountIn = (currency: CurrencyCode) =>
  minorUnits.map((minor): Money => ({ currency, minor }));
const amount = anyCurrency.chain(amountIn);
const threeAmounts = anyCurrency.chain((currency) =>
  fc.tuple(amountIn(currency), amountIn(currency), amountIn(currency)),
);

describe('money properties, for every exponent (0, 2, 3)', () => {
  it('parse ∘ toDecimalString is the identity', () => {
    fc.assert(
      fc.property(amount, (value) => {
        expect(parseMoney(toDecimalString(value), value.currency, { allowNegative: true })).toEqual(
          { ok: true, value },
        );
      }),
    );
  });

  it("toDecimalString has exactly the currency's decimals and never a float artefact", () => {
    fc.assert(
      fc.property(amount, (value) => {
        const exponent = currencyExponent(value.currency);
        const text = toDecimalString(value);
        expect(text).toMatch(
          exponent === 0 ? /^-?(0|[1-9]\d*)$/ : new RegExp(`^-?(0|[1-9]\\d*)\\.\\d{${exponent}}$`),
        );
        expect(text).not.toMatch(/e|-0(\.0*)?$|NaN|Infinity/);
        // The digits are the minor units' own.
        expect(text.replace(/[-.]/g, '').replace(/^0+(?=\d)/, '')).toBe(
          (value.minor < 0n ? -value.minor : value.minor).toString(),
        );
      }),
    );
  });

  it('toDecimalString ∘ parse is the identity on canonical decimal strings', () => {
    const canonical = anyCurrency.chain((currency) => {
      const exponent = currencyExponent(currency);
      return fc
        .tuple(
          fc.boolean(),
          fc.bigInt({ min: 0n, max: 10n ** 15n }),
          fc.stringMatching(new RegExp(`^\\d{${exponent}}$`)),
        )
        .map(([negative, whole, fraction]) => {
          const text = `${whole}${exponent > 0 ? `.${fraction}` : ''}`;
          const isZero = /^[0.]+$/.test(text);
          return { currency, text: negative && !isZero ? `-${text}` : text };
        });
    });
    fc.assert(
      fc.property(canonical, ({ currency, text }) => {
        const parsed = parseMoney(text, currency, { allowNegative: true });
        expect(parsed.ok && toDecimalString(parsed.value)).toBe(text);
      }),
    );
  });

  it('refuses one decimal more than the exponent, and rounds it half-even when asked', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 9 }), (value, extraDigit) => {
        const exponent = currencyExponent(value.currency);
        const base = toDecimalString(value);
        const text = `${base}${exponent === 0 ? '.' : ''}${extraDigit}`;
        expect(parseMoney(text, value.currency, { allowNegative: true })).toMatchObject({
          ok: false,
          error: { code: 'too_many_decimals' },
        });
        const rounded = parseMoney(text, value.currency, {
          allowNegative: true,
          rounding: 'half-even',
        });
        if (!rounded.ok) throw new Error(rounded.error.message);
        // `text` is value ± extraDigit tenths of a minor unit, away from zero.
        const away = value.minor < 0n || (value.minor === 0n && text.startsWith('-')) ? -1n : 1n;
        const expected =
          extraDigit < 5
            ? value.minor
            : extraDigit > 5
              ? value.minor + away
              : value.minor % 2n === 0n
                ? value.minor
                : value.minor + away;
        expect(rounded.value.minor).toBe(expected);
      }),
    );
  });

  it('addition is associative and commutative; subtraction undoes it; negation is an inverse', () => {
    fc.assert(
      fc.property(threeAmounts, ([a, b, c]) => {
        expect(addMoney(addMoney(a, b), c)).toEqual(addMoney(a, addMoney(b, c)));
        expect(addMoney(a, b)).toEqual(addMoney(b, a));
        expect(subtractMoney(addMoney(a, b), b)).toEqual(a);
        expect(addMoney(a, negateMoney(a))).toEqual(zeroMoney(a.currency));
        expect(compareMoney(a, b)).toBe(-compareMoney(b, a) || 0);
        expect(compareMoney(addMoney(a, c), addMoney(b, c))).toBe(compareMoney(a, b));
      }),
    );
  });

  it('allocation adds up exactly and spreads equal shares within one minor unit', () => {
    fc.assert(
      fc.property(
        amount,
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 }),
        (value, ratios) => {
          fc.pre(ratios.some((ratio) => ratio > 0));
          const parts = allocateMoney(value, ratios);
          expect(parts).toHaveLength(ratios.length);
          expect(sumMoney(value.currency, parts)).toEqual(value);
          ratios.forEach((ratio, i) => {
            if (ratio === 0) expect(parts[i]?.minor).toBe(0n);
          });
          const equal = allocateMoney(
            value,
            ratios.map(() => 1),
          );
          const minors = equal.map((part) => part.minor);
          const spread =
            minors.reduce((max, m) => (m > max ? m : max)) -
            minors.reduce((min, m) => (m < min ? m : min));
          expect(spread <= 1n).toBe(true);
        },
      ),
    );
  });
});
