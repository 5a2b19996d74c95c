import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareScaled,
  divideRounded,
  formatScaled,
  formatScaledShortest,
  parseDecimal,
  pow10,
  rescale,
  type RoundingMode,
} from './decimal-string.js';

describe('parseDecimal', () => {
  it.each([
    ['0', 0n, 0],
    ['12', 12n, 0],
    ['12.34', 1234n, 2],
    ['12.340', 12340n, 3],
    ['0.05', 5n, 2],
    ['007.5', 75n, 1],
    ['123456789012345678901234567890.123', 123456789012345678901234567890123n, 3],
  ])('reads %s exactly', (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ ok: true, value: { units, scale } });
  });

  it('reads a minus only where negatives are allowed', () => {
    expect(parseDecimal('-0.05', { allowNegative: true })).toEqual({
      ok: true,
      value: { units: -5n, scale: 2 },
    });
    for (const text of ['-0.05', '-1', '-0']) {
      expect(parseDecimal(text), text).toMatchObject({ ok: false, error: { code: 'negative' } });
    }
  });

  it('says why it refuses', () => {
    expect(parseDecimal('')).toEqual({
      ok: false,
      error: { code: 'empty', message: 'Enter an amount.' },
    });
    for (const text of [
      ' 1',
      '1 ',
      '1 000',
      '1,000',
      '1e3',
      '1E3',
      '0x10',
      '+5',
      '--5',
      '12.',
      '.5',
      '1.2.3',
      'NaN',
      'Infinity',
      '-',
      '.',
      '١٢',
      '12abc',
    ]) {
      expect(parseDecimal(text, { allowNegative: true }), text).toEqual({
        ok: false,
        error: { code: 'format', message: 'Enter a plain decimal number, such as 12.34.' },
      });
    }
  });
});

describe('divideRounded', () => {
  it.each([
    // value (in tenths) → half-even, floor, ceil
    [5n, 0n, 0n, 1n],
    [15n, 2n, 1n, 2n],
    [25n, 2n, 2n, 3n],
    [26n, 3n, 2n, 3n],
    [24n, 2n, 2n, 3n],
    [-5n, 0n, -1n, 0n],
    [-15n, -2n, -2n, -1n],
    [-25n, -2n, -3n, -2n],
    [-26n, -3n, -3n, -2n],
    [30n, 3n, 3n, 3n],
  ])('%d/10 rounds to %d half-even, %d floor, %d ceil', (n, halfEven, floor, ceil) => {
    expect(divideRounded(n, 10n, 'half-even')).toBe(halfEven);
    expect(divideRounded(n, 10n, 'floor')).toBe(floor);
    expect(divideRounded(n, 10n, 'ceil')).toBe(ceil);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => divideRounded(1n, 0n, 'floor')).toThrow(RangeError);
    expect(() => divideRounded(1n, -1n, 'floor')).toThrow(RangeError);
  });
});

describe('formatting scaled decimals', () => {
  it.each([
    [1230n, 2, '12.30'],
    [-5n, 2, '-0.05'],
    [100n, 0, '100'],
    [1234n, 3, '1.234'],
    [0n, 2, '0.00'],
    [0n, 0, '0'],
    [-1n, 3, '-0.001'],
  ])('%d at scale %d is "%s"', (units, scale, text) => {
    expect(formatScaled(units, scale)).toBe(text);
  });

  it('drops trailing zeros in the shortest form', () => {
    expect(formatScaledShortest({ units: 790n, scale: 2 })).toBe('7.9');
    expect(formatScaledShortest({ units: 500n, scale: 2 })).toBe('5');
    expect(formatScaledShortest({ units: -50n, scale: 3 })).toBe('-0.05');
    expect(formatScaledShortest({ units: 0n, scale: 4 })).toBe('0');
  });

  it('compares across scales', () => {
    expect(compareScaled({ units: 150n, scale: 2 }, { units: 15n, scale: 1 })).toBe(0);
    expect(compareScaled({ units: -1n, scale: 3 }, { units: 0n, scale: 0 })).toBe(-1);
    expect(compareScaled({ units: 2n, scale: 0 }, { units: 1999n, scale: 3 })).toBe(1);
  });
});

/** Any decimal as units and scale: big, small, negative, with up to 8 decimals. */
const scaledDecimal = fc.record({
  units: fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
  scale: fc.integer({ min: 0, max: 8 }),
});
const targetScale = fc.constantFrom(0, 2, 3);
/** A value exactly halfway between two neighbours at `scale`: where rounding modes part ways. */
const tieAt = (scale: number) =>
  fc
    .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 1, max: 5 }))
    .map(([neighbour, extra]) => ({
      units:
        neighbour * 10n ** BigInt(extra) + (neighbour < 0n ? -5n : 5n) * 10n ** BigInt(extra - 1),
      scale: scale + extra,
    }));
/** A target scale and a value to round to it, ties often. */
const roundingCase = targetScale.chain((scale) =>
  fc.tuple(fc.oneof(scaledDecimal, tieAt(scale)), fc.constant(scale)),
);
const oracleRounding = {
  'half-even': Decimal.ROUND_HALF_EVEN,
  floor: Decimal.ROUND_FLOOR,
  ceil: Decimal.ROUND_CEIL,
} as const;

describe('rounding properties (every exponent: 0, 2, 3)', () => {
  it('formatting and parsing are inverse, with no float artefacts', () => {
    fc.assert(
      fc.property(scaledDecimal, ({ units, scale }) => {
        const text = formatScaled(units, scale);
        expect(text).toMatch(scale === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${scale}}$`));
        expect(parseDecimal(text, { allowNegative: true })).toEqual({
          ok: true,
          value: { units: units === 0n ? 0n : units, scale },
        });
      }),
    );
  });

  it('half-even stays within half a unit and sends ties to the even neighbour', () => {
    fc.assert(
      fc.property(roundingCase, ([value, scale]) => {
        const rounded = rescale(value, scale, 'half-even');
        expect(rounded.scale).toBe(scale);
        // Compare at the finer of the two scales: |rounded - value| <= half a unit of `scale`.
        const fine = Math.max(value.scale, scale) + 1;
        const difference = rescale(rounded, fine).units - rescale(value, fine).units;
        const halfUnit = pow10(fine - scale) / 2n;
        const distance = difference < 0n ? -difference : difference;
        expect(distance <= halfUnit).toBe(true);
        if (distance === halfUnit) expect(rounded.units % 2n).toBe(0n);
      }),
    );
  });

  it('rounding is idempotent, floor <= half-even <= ceil, and exact values stay put', () => {
    fc.assert(
      fc.property(roundingCase, ([value, scale]) => {
        const modes: RoundingMode[] = ['half-even', 'floor', 'ceil'];
        for (const mode of modes) {
          const once = rescale(value, scale, mode);
          expect(rescale(once, scale, mode)).toEqual(once);
        }
        const floor = rescale(value, scale, 'floor').units;
        const halfEven = rescale(value, scale, 'half-even').units;
        const ceil = rescale(value, scale, 'ceil').units;
        expect(floor <= halfEven && halfEven <= ceil).toBe(true);
        expect(ceil - floor <= 1n).toBe(true);
        const exact = { units: value.units, scale: Math.min(value.scale, scale) };
        expect(rescale(rescale(exact, value.scale), exact.scale, 'half-even')).toEqual(exact);
      }),
    );
  });

  it('agrees with decimal.js on every rounding mode', () => {
    fc.assert(
      fc.property(
        roundingCase,
        fc.constantFrom<RoundingMode>('half-even', 'floor', 'ceil'),
        ([value, scale], mode) => {
          const ours = formatScaled(rescale(value, scale, mode).units, scale);
          const theirs = new Decimal(formatScaled(value.units, value.scale))
            .toDecimalPlaces(scale, oracleRounding[mode])
            .toFixed(scale);
          // decimal.js keeps a negative zero ("-0.00"); a bigint has none.
          expect(ours).toBe(theirs.replace(/^-(0\.?0*)$/, '$1'));
        },
      ),
    );
  });

  it('compares as the difference says', () => {
    fc.assert(
      fc.property(scaledDecimal, scaledDecimal, (a, b) => {
        const scale = Math.max(a.scale, b.scale);
        const difference = rescale(a, scale).units - rescale(b, scale).units;
        expect(compareScaled(a, b)).toBe(difference < 0n ? -1 : difference > 0n ? 1 : 0);
        expect(compareScaled(b, a)).toBe(-compareScaled(a, b) || 0);
      }),
    );
  });
});
