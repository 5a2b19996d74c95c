import { z } from 'zod';

/**
 * A text field left blank means "none" to the contract (an absent reason, a null discount), while
 * the input holds ''. This reads blank text as `absent` before the contract's own rule sees it.
 */
export function blankAs<S extends z.ZodType>(absent: null | undefined, schema: S) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? absent : value),
    schema,
  );
}
