import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-layout';

describe('pdfText', () => {
  it.each([
    ['plain text stays', 'Acme Rewards Ltd', 'Acme Rewards Ltd'],
    ['Latin-1 letters stay', 'Müller & Søn GmbH', 'Müller & Søn GmbH'],
    ['the euro sign and dashes stay', '€500 – £20', '€500 – £20'],
    ['a minus sign becomes a hyphen', '−12.50', '-12.50'],
    ['other scripts become question marks', 'Acme 株式会社', 'Acme ????'],
    ['control characters too', 'a\u0007b', 'a?b'],
  ])('%s', (_what, given, drawn) => {
    expect(pdfText(given)).toBe(drawn);
  });
});
