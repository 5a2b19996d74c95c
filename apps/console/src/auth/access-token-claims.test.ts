import { describe, expect, it } from 'vitest';
import { readAccessTokenClaims } from './access-token-claims';

function jwt(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'at+jwt' })}.${encode(payload)}.signature`;
}

describe('readAccessTokenClaims', () => {
  it('reads permissions, the staff flag and the customer the token is for', () => {
    expect(
      readAccessTokenClaims(
        jwt({
          permissions: ['read:orders', 'write:orders'],
          is_staff: false,
          customer_id: 'C-ACME0001',
          customer_ids: ['C-ACME0001', 'C-GLOBEX01', 7],
        }),
      ),
    ).toEqual({
      permissions: ['read:orders', 'write:orders'],
      isStaff: false,
      customerId: 'C-ACME0001',
      customerIds: ['C-ACME0001', 'C-GLOBEX01'],
    });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = jwt({ permissions: [], name: 'Zoë ü?>', is_staff: true });
    expect(readAccessTokenClaims(token)).toEqual({
      permissions: [],
      isStaff: true,
      customerId: null,
      customerIds: [],
    });
  });

  it.each([null, undefined, '', 'opaque-token', 'a.%%%.c', `a.${btoa('not json')}.c`])(
    'grants nothing for %s',
    (token) => {
      expect(readAccessTokenClaims(token)).toEqual({
        permissions: [],
        isStaff: false,
        customerId: null,
        customerIds: [],
      });
    },
  );

  it('ignores claims of the wrong type', () => {
    expect(
      readAccessTokenClaims(
        jwt({ permissions: 'read:orders', is_staff: 'yes', customer_id: 7, customer_ids: 'C-1' }),
      ),
    ).toEqual({ permissions: [], isStaff: false, customerId: null, customerIds: [] });
  });
});
