import { describe, expect, it } from 'vitest';
import { issuedBeforeCutoff } from './token-cutoff.js';

const cutoff = new Date('2026-05-04T10:00:00.400Z');
const cutoffSecond = Math.floor(cutoff.getTime() / 1000);

describe('issuedBeforeCutoff', () => {
  it.each([
    ['no cutoff', cutoffSecond - 60, null, false],
    ['a second before the cutoff', cutoffSecond - 1, cutoff, true],
    ['the cutoff own second, whichever side of it', cutoffSecond, cutoff, true],
    ['the second after the cutoff', cutoffSecond + 1, cutoff, false],
    [
      'a cutoff on a whole second, a token of that second',
      cutoffSecond,
      new Date(cutoffSecond * 1000),
      true,
    ],
  ] as const)('%s', (_case, issuedAt, at, refused) => {
    expect(issuedBeforeCutoff(issuedAt, at)).toBe(refused);
  });
});
