import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountMultiplierToPercent,
  discountPercentErrors,
  discountPercentToMultiplier,
} from './discount.js';
import { formatScaledShortest } from './money/decimal-string.js';

describe('discountPercentToMultiplier (the discount is 1 minus the multiplier, spec 3)', () => {
  it.each([
    ['3', '0.97'],
    ['5', '0.95'],
    ['2.5', '0.975'],
    ['2.75', '0.9725'],
    ['0.01', '0.9999'],
    ['99.99', '0.0001'],
    ['50', '0.5'],
    ['0', '1'],
    ['0.00', '1'],
    ['2.750', '0.9725'],
    ['10.10', '0.899'],
    [' 3 ', '0.97'],
    ['3%', '0.97'],
    ['3 %', '0.97'],
    ['2,5', '0.975'],
    ['007', '0.93'],
  ])('%j %% off is the multiplier %s', (percent, multiplier) => {
    expect(discountPercentToMultiplier(percent)).toEqual({ ok: true, value: multiplier });
  });

  it.each([
    ['', discountPercentErrors.empty],
    ['   ', discountPercentErrors.empty],
    ['%', discountPercentErrors.empty],
    ['abc', discountPercentErrors.format],
    ['3.', discountPercentErrors.format],
    ['.5', discountPercentErrors.format],
    ['1e1', discountPercentErrors.format],
    ['1,000', discountPercentErrors.format],
    ['1.2.3', discountPercentErrors.format],
    ['0.95x', discountPercentErrors.format],
    ['2.755', discountPercentErrors.decimals],
    ['0.001', discountPercentErrors.decimals],
    ['100', discountPercentErrors.range],
    ['100.00', discountPercentErrors.range],
    ['150', discountPercentErrors.range],
    ['-1', discountPercentErrors.range],
    ['-0.5', discountPercentErrors.range],
  ])('refuses %j', (percent, error) => {
    expect(discountPercentToMultiplier(percent)).toEqual({ ok: false, error });
  });
});

describe('discountMultiplierToPercent', () => {
  it.each([
    ['0.97', '3'],
    ['0.95', '5'],
    ['0.975', '2.5'],
    ['0.9725', '2.75'],
    ['0.9999', '0.01'],
    ['0.0001', '99.99'],
    ['1', '0'],
    ['1.0000', '0'],
    ['0.5', '50'],
  ])('the multiplier %s is %s %% off', (multiplier, percent) => {
    expect(discountMultiplierToPercent(multiplier)).toBe(percent);
  });

  it.each(['0', '0.0000', '1.0001', '2', '-0.5', 'abc', ''])('refuses %j', (multiplier) => {
    expect(() => discountMultiplierToPercent(multiplier)).toThrow(RangeError);
  });

  it('turns every percentage with up to 2 decimals into a multiplier and back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999 }), (hundredths) => {
        const percent = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        const multiplier = discountPercentToMultiplier(percent);
        if (!multiplier.ok) throw new Error(`refused ${percent}`);
        // The contract's form: above 0, at most 1, at most 4 decimals.
        expect(multiplier.value).toMatch(/^(0\.\d{1,4}|1)$/);
        expect(discountMultiplierToPercent(multiplier.value)).toBe(
          formatScaledShortest({ units: BigInt(hundredths), scale: 2 }),
        );
      }),
    );
  });
});
