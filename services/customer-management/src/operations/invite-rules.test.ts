import { describe, expect, it } from 'vitest';
import {
  budgetWaitSeconds,
  INVITE_DAILY_LIMIT,
  inviteExpiry,
  inviteState,
  resendWaitSeconds,
} from './invite-rules.js';

const now = new Date('2025-03-01T12:00:00Z');
const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000);

describe('inviteState', () => {
  const open = { acceptedAt: null, revokedAt: null, expiresAt: at(1) };

  it.each([
    ['open', open],
    ['expired', { ...open, expiresAt: now }],
    ['revoked', { ...open, revokedAt: at(-5), expiresAt: now }],
    ['accepted', { ...open, acceptedAt: at(-5), revokedAt: at(-1) }],
  ] as const)('is %s', (state, row) => {
    expect(inviteState(row, now)).toBe(state);
  });

  it('expires an invite seven days after it was sent', () => {
    expect(inviteExpiry(now).toISOString()).toBe('2025-03-08T12:00:00.000Z');
  });
});

describe('resendWaitSeconds', () => {
  it('waits out the minute after the last mail, rounding up', () => {
    expect(resendWaitSeconds({ lastSentAt: at(-59.5) }, now)).toBe(1);
    expect(resendWaitSeconds({ lastSentAt: at(-60) }, now)).toBe(0);
    expect(resendWaitSeconds({ lastSentAt: at(-10) }, now)).toBe(50);
  });
});

describe('budgetWaitSeconds', () => {
  it('lets a customer under the daily limit mail now', () => {
    expect(budgetWaitSeconds({ sent: INVITE_DAILY_LIMIT - 1, oldest: at(-60) }, now)).toBe(0);
  });

  it('at the limit, waits until the oldest mail is a day old, at least a second', () => {
    const day = 24 * 60 * 60;
    expect(budgetWaitSeconds({ sent: INVITE_DAILY_LIMIT, oldest: at(-day + 90) }, now)).toBe(90);
    expect(budgetWaitSeconds({ sent: INVITE_DAILY_LIMIT, oldest: at(-day) }, now)).toBe(1);
  });
});
