import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedShopUrl, verifyShopUrl } from './shop-url.js';

const key = randomBytes(32);
const now = new Date('2026-05-04T10:00:00Z');
const expiresAt = new Date('2026-05-04T10:10:00Z');

/** The parameters the shop reads from a URL we signed for `customerId` and `userId`. */
function paramsOf(customerId: string, userId: string) {
  const url = new URL(signedShopUrl(key, 'https://boon.test/', { customerId, userId }, expiresAt));
  return {
    customerId: url.searchParams.get('customer_id') ?? '',
    userId: url.searchParams.get('user_id') ?? '',
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature') ?? '',
  };
}

describe('signed shop URLs', () => {
  it('name the customer and the user, and verify as signed until they expire', () => {
    const params = paramsOf('C-ACME0001', 'U-ACMEVIEWER');
    expect(params).toMatchObject({ customerId: 'C-ACME0001', userId: 'U-ACMEVIEWER' });
    expect(verifyShopUrl(key, params, now)).toBe(true);
    expect(verifyShopUrl(key, params, expiresAt)).toBe(false);
  });

  it.each([
    ['another user', { userId: 'U-ACMEOWNER' }],
    ['another customer', { customerId: 'C-GLOBEX01' }],
    ['no user', { userId: '' }],
    ['a later expiry', { expires: Math.floor(expiresAt.getTime() / 1000) + 60 }],
  ])('refuse the signature with %s', (_case, change) => {
    expect(verifyShopUrl(key, { ...paramsOf('C-ACME0001', 'U-ACMEVIEWER'), ...change }, now)).toBe(
      false,
    );
  });

  it('refuses ids that move the separator between them', () => {
    const params = paramsOf('C-ACME0001', 'U-ACMEVIEWER');
    const moved = { ...params, customerId: 'C-ACME0001.U-ACMEVIEWER', userId: '' };
    expect(verifyShopUrl(key, moved, now)).toBe(false);
  });
});
