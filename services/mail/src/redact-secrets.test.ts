import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    [
      'Choose a new password: https://boon.test/idp/reset-password?token=abc.DEF-123_x',
      `Choose a new password: https://boon.test/idp/reset-password?token=${REDACTED}`,
    ],
    [
      '<a href="https://boon.test/invite-link?email=a%40b.test&amp;token=s3cr3t">Join</a>',
      `<a href="https://boon.test/invite-link?email=a%40b.test&amp;token=${REDACTED}">Join</a>`,
    ],
    [
      'https://boon.test/x?invite_token=1&code=123456&page=2',
      `https://boon.test/x?invite_token=${REDACTED}&code=${REDACTED}&page=2`,
    ],
    [
      'https://boon.test/idp/forgot-password?email=a%40b.test',
      'https://boon.test/idp/forgot-password?email=a%40b.test',
    ],
    // A reward's link carries its claim token in the path.
    [
      'Open your reward: https://boon.test/redeem/WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L',
      `Open your reward: https://boon.test/redeem/${REDACTED}`,
    ],
    [
      '<a href="https://boon.test/redeem/WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L" style="x">https://boon.test/redeem/WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L</a>',
      `<a href="https://boon.test/redeem/${REDACTED}" style="x">https://boon.test/redeem/${REDACTED}</a>`,
    ],
    [
      'https://boon.test/redeem/WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L/claim?x=1',
      `https://boon.test/redeem/${REDACTED}/claim?x=1`,
    ],
    // Any token the path rule does not see: one written on its own, or under another path.
    ['Your link is WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L, keep it.', `Your link is ${REDACTED}, keep it.`],
    ['https://boon.test/r/WG-SL-a1B2c3D4e5F6g7H8i9J0k_-L', `https://boon.test/r/${REDACTED}`],
    // Links without a secret stay as they are.
    ['https://boon.test/billing/add-funds', 'https://boon.test/billing/add-funds'],
  ])('%s', (body, expected) => {
    expect(redactSecrets(body)).toBe(expected);
  });
});
