import { HEX_COLOUR_FORMAT } from '@boon/contracts';

/** A colour as the customer's branding gives it (spec 5: # and 3 or 6 hex digits). */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR_FORMAT.test(value);
}

/** WCAG's relative luminance of a #rgb or #rrggbb colour. */
function luminance(colour: string): number {
  const hex = colour.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const value = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/**
 * Black or white, whichever has the higher WCAG contrast on `background` (a customer's colour,
 * # and 3 or 6 hex digits): the text on a banner in their colour is always the readable one.
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  if (!isHexColour(background)) throw new Error(`Not a #rgb or #rrggbb colour: ${background}`);
  const l = luminance(background);
  // Contrast with white is 1.05 / (L + 0.05); with black, (L + 0.05) / 0.05.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
