import { zodResolver } from '@hookform/resolvers/zod';
import { REQUIRED_MESSAGE } from '@boon/ui';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { emptyValueLike } from './schema-field-rules';

/** The form's own sentence for a field the schema refuses, by field path or its first segment. */
export type FieldMessages = Readonly<Record<string, string>>;

function valueAt(values: unknown, path: readonly string[]): unknown {
  let current = values;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Blank text, no choice, an unticked box: what spec 5 calls an empty field. */
function isEmpty(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  return value === emptyValueLike(value) || (Array.isArray(value) && value.length === 0);
}

function isLeaf(node: object): node is { type: string; message?: string } {
  return typeof (node as { type?: unknown }).type === 'string';
}

/**
 * Spec 5's texts over the schema's: an empty field the schema refuses is "This field is
 * required."; otherwise the form's own sentence for that field, if it has one, else the schema's.
 */
function rewrite(
  errors: Record<string, unknown>,
  values: unknown,
  messages: FieldMessages,
  parent: readonly string[] = [],
): void {
  for (const [key, node] of Object.entries(errors)) {
    if (key === 'ref' || typeof node !== 'object' || node === null) continue;
    const path = [...parent, key];
    if (isLeaf(node)) {
      const own = messages[path.join('.')] ?? messages[path[0] ?? ''];
      node.message = isEmpty(valueAt(values, path)) ? REQUIRED_MESSAGE : (own ?? node.message);
    }
    rewrite(node as Record<string, unknown>, values, messages, path);
  }
}

/** zodResolver over a contract schema, with the console's texts (see rewrite). */
export function contractResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  messages: FieldMessages,
): Resolver<z.input<S>, unknown, z.output<S>> {
  // Sync: the contract schemas have no async rules, and errors then show in the same tick.
  // The resolver's overloads cannot pick a zod 4 schema that is still a type parameter here.
  const resolve = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, {
    mode: 'sync',
  }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length > 0) {
      rewrite(result.errors as FieldErrors as Record<string, unknown>, values, messages);
    }
    return result;
  };
}
