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
  ])('%s', (body, expected) => {
    expect(redactSecrets(body)).toBe(expected);
  });
});
