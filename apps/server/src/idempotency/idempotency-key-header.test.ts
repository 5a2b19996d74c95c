import { describe, expect, it } from 'vitest';
import { preferredWaitSeconds, readIdempotencyKey } from './idempotency-key-header.js';

describe('readIdempotencyKey', () => {
  it.each([
    [
      'a bare token (Stripe)',
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    ],
    [
      'a structured-field string (IETF draft)',
      '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    ],
    ['escapes in a quoted key', '"say \\"hi\\" \\\\ bye"', 'say "hi" \\ bye'],
    ['one character', 'x', 'x'],
    ['255 characters', 'k'.repeat(255), 'k'.repeat(255)],
    ['inner spaces and punctuation', 'order 42/retry:1', 'order 42/retry:1'],
  ])('reads %s', (_label, header, key) => {
    expect(readIdempotencyKey(header)).toEqual({ kind: 'key', key });
  });

  it('says when there is no header', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ kind: 'absent' });
  });

  it.each([
    ['empty', ''],
    ['an empty quoted string', '""'],
    ['256 characters', 'k'.repeat(256)],
    ['257 characters quoted (255 inside is the limit)', `"${'k'.repeat(256)}"`],
    ['non-ASCII', 'clé-1'],
    ['a control character', 'key\u0001'],
    ['an unterminated quoted string', '"abc'],
    ['text after the closing quote', '"abc"def'],
    ['an escape other than \\" or \\\\', '"a\\nb"'],
    ['two headers', ['a', 'b']],
  ])('refuses %s', (_label, header) => {
    expect(readIdempotencyKey(header)).toEqual({ kind: 'invalid' });
  });
});

describe('preferredWaitSeconds', () => {
  it.each([
    ['wait=0', 0],
    ['wait=10', 10],
    ['respond-async, wait=5', 5],
    ['Wait = 3', 3],
    ['wait="7"', 7],
    ['handling=lenient; foo=bar, wait=2', 2],
  ])('reads %s', (header, seconds) => {
    expect(preferredWaitSeconds(header)).toBe(seconds);
  });

  it.each([undefined, '', 'respond-async', 'wait=soon', 'wait=-1', 'wait=1.5', 'wait'])(
    'finds no wait in %s',
    (header) => {
      expect(preferredWaitSeconds(header)).toBeUndefined();
    },
  );
});
