import { AppError } from '@boon/service-kit';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './request-fingerprint.js';

const order = {
  params: { id: 'O-1' },
  query: {},
  body: { amount: 500, note: 'thanks', tags: ['a', 'b'] },
};

describe('requestFingerprint', () => {
  it('is a SHA-256 in hex', () => {
    expect(requestFingerprint(order)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores the order of object keys', () => {
    const reordered = {
      body: { tags: ['a', 'b'], note: 'thanks', amount: 500 },
      query: {},
      params: { id: 'O-1' },
    };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(order));
  });

  it.each([
    ['another body value', { ...order, body: { ...order.body, amount: 501 } }],
    ['another array order', { ...order, body: { ...order.body, tags: ['b', 'a'] } }],
    ['an extra body field', { ...order, body: { ...order.body, extra: null } }],
    ['another path parameter', { ...order, params: { id: 'O-2' } }],
    ['a query parameter', { ...order, query: { dryRun: 'true' } }],
    ['no body', { ...order, body: undefined }],
  ])('changes with %s', (_label, changed) => {
    expect(requestFingerprint(changed)).not.toBe(requestFingerprint(order));
  });

  it('tells a missing body from a body that moved into the query', () => {
    expect(requestFingerprint({ params: {}, query: { a: 1 }, body: undefined })).not.toBe(
      requestFingerprint({ params: {}, query: undefined, body: { a: 1 } }),
    );
  });

  it('refuses text that has no canonical form with 400', () => {
    expect(() => requestFingerprint({ params: {}, query: {}, body: { note: '\ud800' } })).toThrow(
      AppError,
    );
  });
});
