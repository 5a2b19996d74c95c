import { hasUnsafeCharacters } from '@boon/contracts';
import { describe, expect, it } from 'vitest';
import { decodeUtf8EscapingInvalid, parseFormBody } from './form-body.js';

describe('parseFormBody', () => {
  it.each([
    ['email=a%40b.test&password=p+w%21', { email: 'a@b.test', password: 'p w!' }],
    ['name=%E2%82%AC%F0%9F%98%80', { name: '€😀' }],
    ['a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['flag&empty=', { flag: '', empty: '' }],
    ['odd=100%&bad=%zz', { odd: '100%', bad: '%zz' }],
    ['raw=café', { raw: 'café' }],
    ['', {}],
  ])('reads %j as a browser sent it', (body, expected) => {
    expect({ ...parseFormBody(body) }).toEqual(expected);
  });

  it.each([
    ['a lone surrogate’s CESU bytes', 'password=%ED%B0%80USD'],
    ['a byte that never starts UTF-8', 'password=%FF'],
    ['a truncated sequence', 'password=%E2%82'],
    ['an overlong encoding of “/”', 'password=%C0%AF'],
    ['a code point above U+10FFFF', 'password=%F4%90%80%80'],
  ])('turns %s into text the unsafe-text check refuses, never into other text', (_, body) => {
    const { password } = parseFormBody(body);
    expect(typeof password).toBe('string');
    expect(hasUnsafeCharacters(password as string)).toBe(true);
  });

  it('has no prototype a field name could reach', () => {
    const fields = parseFormBody('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields['__proto__']).toBe('x');
  });
});

describe('decodeUtf8EscapingInvalid', () => {
  it('escapes each invalid byte and keeps the valid ones around it', () => {
    expect(decodeUtf8EscapingInvalid([0x61, 0xff, 0x62, 0xe2, 0x82, 0xac])).toBe('a\udcffb€');
  });
});
