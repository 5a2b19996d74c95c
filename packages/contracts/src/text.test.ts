import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import { customerManagementApi, mailApi } from './endpoints/index.js';
import { firstUnsafeField, hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from './safe-text.js';
import { text } from './text.js';

describe('unsafe text', () => {
  it.each([
    ['a NUL', 'a\u0000b', true],
    ['a lone high surrogate', 'a\ud800', true],
    ['a lone low surrogate', '\udc00b', true],
    ['a surrogate pair out of order', '\udc00\ud800', true],
    ['an emoji (a whole pair)', 'party \ud83c\udf89', false],
    ['a right-to-left override', 'abc\u202edef', false],
    ['plain text', 'Acme Ltd', false],
  ])('%s: unsafe is %s', (_name, value, unsafe) => {
    expect(hasUnsafeCharacters(value)).toBe(unsafe);
  });

  it('names the first form field holding it, values and names alike', () => {
    expect(firstUnsafeField({ email: 'a@b.co', password: 'x\u0000' })).toBe('password');
    expect(firstUnsafeField({ 'e\ud800': 'a' })).toBe('e\ud800');
    expect(firstUnsafeField({ email: 'a@b.co', list: ['\udc00'] })).toBe('list');
    expect(firstUnsafeField({ email: 'a@b.co', n: 3 })).toBeUndefined();
  });

  it('is refused by text() with one message, before the other rules of the field', () => {
    const result = text().trim().min(5).regex(/^a/).safeParse('b\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(text().trim().min(1).parse(' ok ')).toBe('ok');
  });
});

/** Every string schema inside `schema` (objects, arrays, records, unions, wrappers), by path. */
function stringLeaves(schema: z.core.$ZodType, path: string): [string, z.ZodString][] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string, child: unknown) =>
    stringLeaves(child as z.core.$ZodType, `${path}.${key}`);
  switch (def.type) {
    case 'string':
      return [[path, schema as z.ZodString]];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => inner(k, v));
    case 'array':
      return inner('[]', def.element);
    case 'record':
      return [...inner('{key}', def.keyType), ...inner('{value}', def.valueType)];
    case 'union':
      return (def.options as unknown[]).flatMap((option, i) => inner(`|${i}`, option));
    case 'pipe':
      return [...stringLeaves(def.in as z.core.$ZodType, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringLeaves(def.innerType as z.core.$ZodType, path);
    default:
      return [];
  }
}

const all: [string, Endpoint][] = [
  ...Object.entries(customerManagementApi),
  ...Object.entries(mailApi),
];

describe('every string an endpoint reads', () => {
  it.each(all)('%s: refuses a NUL and a lone surrogate at its field', async (_name, endpoint) => {
    const schemas = await endpoint.schemas();
    const leaves = (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = schemas[part];
      return schema ? stringLeaves(schema, part) : [];
    });
    for (const [path, leaf] of leaves) {
      for (const bad of ['\u0000', '\ud800']) {
        const issues = leaf.safeParse(`a${bad}`).error?.issues ?? [];
        expect(
          issues.map((issue) => issue.message),
          path,
        ).toEqual([UNSAFE_TEXT_MESSAGE]);
      }
    }
  });
});
