import { describe, expect, it } from 'vitest';
import { toSafeReturnPath } from './return-path';

describe('toSafeReturnPath', () => {
  it.each(['/', '/orders?status=open', '/billing/home#top', '/login-help'])(
    'keeps the in-app path %s',
    (path) => {
      expect(toSafeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'orders'],
    ['a control character', '/orders\n'],
    ['the login page', '/login?email=a@b.test'],
    ['the logout page', '/logout'],
    ['the callback', '/auth/callback?code=1'],
    ['no value', undefined],
    ['not a string', 42],
  ])('sends %s home instead', (_name, value) => {
    expect(toSafeReturnPath(value)).toBe('/');
  });
});
