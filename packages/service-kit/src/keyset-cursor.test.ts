import { describe, expect, it } from 'vitest';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';

describe('keyset cursors', () => {
  it('give back the keys they were made from', () => {
    const keys = ['2026-11-20T09:30:00.000Z', 'TU-7KQ2M9XAB3'];
    expect(decodeKeysetCursor(encodeKeysetCursor(keys), 2)).toEqual(keys);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['another count of keys', encodeKeysetCursor(['one'])],
    ['keys that are not strings', Buffer.from('[1,2]').toString('base64url')],
  ])('refuse %s', (_what, text) => {
    expect(decodeKeysetCursor(text, 2)).toBeUndefined();
  });
});
