import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint.js';
import * as endpointGroups from './endpoints/index.js';
import { firstUnsafeField, hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from './safe-text.js';
import { isoDate, isoDateTime, text } from './text.js';

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

  it('is refused by the date formats with the same one message, their own rules after it', () => {
    for (const schema of [isoDate(), isoDateTime({ offset: true })]) {
      const issues = schema.safeParse('2026-01-01\u0000').error?.issues;
      expect(issues?.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
    expect(isoDate().parse('2026-02-28')).toBe('2026-02-28');
    expect(isoDate().safeParse('2026-02-30').error?.issues[0]?.message).toBe('Invalid ISO date');
    expect(isoDateTime({ offset: true }).parse('2026-02-28T10:00:00+01:00')).toBeTruthy();
    expect(isoDateTime({ offset: true }).safeParse('tomorrow').success).toBe(false);
  });

  it('is refused by text() with one message, before the other rules of the field', () => {
    const result = text().trim().min(5).regex(/^a/).safeParse('b\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(text().trim().min(1).parse(' ok ')).toBe('ok');
  });
});

/** Schema types that hold no free text: whatever they take, a string with a NUL is not it. */
const NO_TEXT = new Set([
  'number',
  'int',
  'bigint',
  'boolean',
  'date',
  'enum',
  'literal',
  'null',
  'undefined',
  'never',
  'void',
]);

/**
 * Every string schema inside `schema` (objects, arrays, records, unions, wrappers), by path. A
 * type it does not know fails the test: a new kind of schema (a `z.unknown()`, a lazy one) must
 * be looked at, not skipped.
 */
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
    case 'intersection':
      return [...inner('&0', def.left), ...inner('&1', def.right)];
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
      if (NO_TEXT.has(def.type)) return [];
      throw new Error(`${path}: a ${def.type} schema; say whether it can hold text`);
  }
}

const all: [string, Endpoint][] = Object.entries(endpointGroups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(
    ([name, endpoint]): [string, Endpoint] => [`${group}.${name}`, endpoint],
  ),
);

describe('every string an endpoint reads', () => {
  it('covers every endpoint group the contracts export', () => {
    expect(Object.keys(endpointGroups).sort()).toEqual([
      'billingApi',
      'catalogApi',
      'customerManagementApi',
      'mailApi',
      'orderingApi',
      'redeemApi',
      'savedCardsApi',
    ]);
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all)('%s: refuses a NUL and a lone surrogate at its field', async (_name, endpoint) => {
    const schemas = await endpoint.schemas();
    const leaves = (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = schemas[part];
      return schema ? stringLeaves(schema, part) : [];
    });
    for (const [path, leaf] of leaves) {
      for (const bad of ['\u0000', '\ud800', '\udc00']) {
        // Also after a value a date field's format would otherwise take.
        for (const value of [`a${bad}`, `2026-01-01${bad}`, `2026-01-01T10:00:00Z${bad}`]) {
          const issues = leaf.safeParse(value).error?.issues ?? [];
          expect(
            issues.map((issue) => issue.message),
            `${path} ${JSON.stringify(value)}`,
          ).toEqual([UNSAFE_TEXT_MESSAGE]);
        }
      }
    }
  });
});
