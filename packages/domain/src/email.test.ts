import { describe, expect, it } from 'vitest';
import { emailHost, isPublicEmail, isValidEmail, publicEmailHosts } from './email.js';

describe('isValidEmail (spec 5)', () => {
  it.each([
    'ada@example.com',
    'first.last+tag@sub.example.co.uk',
    'a@b.io',
    ' ada@example.com ',
    'zoë@example.com',
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each([
    ['no at sign', 'ada.example.com'],
    ['no domain dot', 'ada@example'],
    ['a one-letter suffix', 'ada@example.c'],
    ['a numeric suffix', 'ada@example.12'],
    ['a space inside', 'ada lovelace@example.com'],
    ['nothing before the at', '@example.com'],
    ['empty', ''],
    ['two addresses with a comma', 'attacker@evil.com,x@bigcorp.com'],
    ['two addresses with a semicolon', 'a@evil.com;x@bigcorp.com'],
    ['a second at sign', 'a@evil.com@bigcorp.com'],
    ['a display name', 'Ada <ada@example.com>'],
    ['a quoted local part', '"a@b"@example.com'],
    ['a domain with an underscore', 'ada@exa_mple.com'],
    ['a label starting with a hyphen', 'ada@-example.com'],
    ['a right-to-left override', '\u202emoc.live@ada.example.com'],
    ['a zero-width space', 'ad\u200ba@example.com'],
    ['a control character', 'ada\u0007@example.com'],
    ['more than 254 characters', `${'a'.repeat(250)}@example.com`],
  ])('refuses %s', (_why, email) => expect(isValidEmail(email)).toBe(false));
});

describe('public e-mail hosts (decisions.md)', () => {
  it('lists the eleven hosts of decisions.md', () => {
    expect(publicEmailHosts).toHaveLength(11);
  });
  it.each(['someone@gmail.com', 'Someone@GMAIL.com', 'x@proton.me', 'y@gmx.com'])(
    '%s is public',
    (email) => expect(isPublicEmail(email)).toBe(true),
  );
  it.each(['owner@acme.test', 'a@gmail.com.evil.test', 'a@mail.gmail.co'])('%s is not', (email) =>
    expect(isPublicEmail(email)).toBe(false),
  );
  it('reads the host after the last @', () => {
    expect(emailHost('"a@b"@Example.COM')).toBe('example.com');
    expect(emailHost('no-at')).toBe('');
  });
});
