import type { z } from 'zod';

/**
 * What a form field learns from its part of the contract schema: the longest text it takes and
 * whether an empty answer is refused. The numbers stay in the schema; the field reads them.
 */
export interface SchemaFieldRules {
  maxLength: number | undefined;
  required: boolean;
}

interface SchemaInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
  maxLength?: number | null;
  safeParse(value: unknown): { success: boolean };
}

function internals(schema: unknown): SchemaInternals | undefined {
  return typeof schema === 'object' && schema !== null && '_zod' in schema
    ? (schema as SchemaInternals)
    : undefined;
}

/** The schemas a value passes through on its way to its innermost rules, outermost first. */
function layers(schema: SchemaInternals | undefined): SchemaInternals[] {
  if (!schema) return [];
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [schema, ...layers(internals(def.innerType))];
    case 'pipe':
      // A form's own adapter (blank text read as absent, say) pipes into the contract's rule.
      return [schema, ...layers(internals(def.in)), ...layers(internals(def.out))];
    default:
      return [schema];
  }
}

/** The schema of one field, by its form path ("settings.orderLimits.USD"); undefined if none. */
export function fieldSchema(schema: z.ZodType, path: string): z.ZodType | undefined {
  let current: SchemaInternals | undefined = internals(schema);
  for (const segment of path.split('.')) {
    const container = layers(current).find((layer) =>
      ['object', 'record', 'array'].includes(layer._zod.def.type),
    );
    if (!container) return undefined;
    const def = container._zod.def;
    if (def.type === 'object') current = internals((def.shape as Record<string, unknown>)[segment]);
    else if (def.type === 'record') current = internals(def.valueType);
    else current = internals(def.element);
    if (!current) return undefined;
  }
  return current as unknown as z.ZodType;
}

/** The value a control holds when nothing is entered, in the terms of the value it holds now. */
export function emptyValueLike(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return [];
  if (typeof value === 'boolean') return false;
  return value === null ? null : undefined;
}

export function schemaFieldRules(
  schema: z.ZodType,
  path: string,
  currentValue: unknown,
): SchemaFieldRules {
  const field = internals(fieldSchema(schema, path));
  if (!field) return { maxLength: undefined, required: false };
  const maxLength = layers(field)
    .map((layer) => layer.maxLength)
    .find((length): length is number => typeof length === 'number');
  return { maxLength, required: !field.safeParse(emptyValueLike(currentValue)).success };
}
