import { z } from 'zod';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from './safe-text.js';

/**
 * The one string schema of the contracts: any text but a NUL or a lone surrogate, refused at its
 * field (a 422 naming it) before it can reach the database, a URL or a log line. Checked first and
 * alone, so the field's other rules do not pile their messages on top.
 */
export function text() {
  return z.string().refine((value) => !hasUnsafeCharacters(value), {
    message: UNSAFE_TEXT_MESSAGE,
    abort: true,
  });
}
