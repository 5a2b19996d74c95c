import { describe, expect, it } from 'vitest';
import { isHexColour, readableTextOn } from './colour-contrast';

describe('readableTextOn', () => {
  it.each([
    ['black', '#000000', '#ffffff'],
    ['white', '#ffffff', '#000000'],
    ['the default birthday black, short', '#000', '#ffffff'],
    ['a dark red', '#c00', '#ffffff'],
    ['yellow', '#ffd700', '#000000'],
    ['mid grey, just darker than the turn', '#757575', '#ffffff'],
    ['mid grey, just lighter than the turn', '#767676', '#000000'],
    ['upper-case digits', '#1D4ED8', '#ffffff'],
  ])('%s (%s): %s text', (_case, background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });

  it.each(['red', '000000', '#12345', '#ggg', 'url(x)', '#000;background:url(x)'])(
    'refuses %s',
    (value) => {
      expect(isHexColour(value)).toBe(false);
      expect(() => readableTextOn(value)).toThrow(/Not a #rgb or #rrggbb colour/);
    },
  );
});
