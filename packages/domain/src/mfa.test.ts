import { describe, expect, it } from 'vitest';
import { isMfaOutdated, MFA_WINDOW_SECONDS } from './mfa.js';

const NOW = 1_800_000_000;

describe('isMfaOutdated (spec 4.2, window of spec 9)', () => {
  it('uses a five-minute window', () => {
    expect(MFA_WINDOW_SECONDS).toBe(300);
  });

  it.each([
    ['no claims at all', undefined, true],
    ['null claims', null, true],
    ['a token without the MFA time claim', { sub: 'U-1', amr: ['pwd'] }, true],
    ['an MFA time that is not a number', { mfa_time: '1800000000' }, true],
    ['an MFA time that is NaN', { mfa_time: Number.NaN }, true],
    ['an MFA time that is infinite', { mfa_time: Number.POSITIVE_INFINITY }, true],
    ['a second factor just now', { mfa_time: NOW }, false],
    ['a second factor a minute ago', { mfa_time: NOW - 60 }, false],
    ['a second factor exactly five minutes ago', { mfa_time: NOW - 300 }, false],
    ['a second factor five minutes and a second ago', { mfa_time: NOW - 301 }, true],
    ['a second factor an hour ago', { mfa_time: NOW - 3600 }, true],
    ['a second factor a few seconds ahead (clock skew)', { mfa_time: NOW + 5 }, false],
  ] as [string, Record<string, unknown> | null | undefined, boolean][])(
    '%s: outdated is %s',
    (_name, claims, outdated) => {
      expect(isMfaOutdated(claims, NOW)).toBe(outdated);
    },
  );
});
