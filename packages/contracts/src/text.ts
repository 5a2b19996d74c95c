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

/**
 * An ISO 8601 date (`2026-05-01`), by text()'s rule first: one message for a NUL or a lone
 * surrogate, the same as any other field's, and the format's own for the rest.
 */
export function isoDate() {
  return text().check(z.iso.date());
}

/** An ISO 8601 date-time, by text()'s rule first (see `isoDate`). */
export function isoDateTime(params?: Parameters<typeof z.iso.datetime>[0]) {
  return text().check(z.iso.datetime(params));
}
