// Search-parameter validators for routes' `validateSearch`. Hand-written rather than zod schemas:
// route definitions are in the shell's entry chunk, and a zod schema there pulled the whole zod
// chunk (26.6 KB gzip) into the first screen, past its budget. Each validator takes what the
// router parsed from the address (any JSON value, or a string) and answers a valid value or
// undefined, so a tampered parameter falls back to its default instead of failing the page.

/** A search parameter as an optional non-empty string; anything else is dropped. */
export function optionalString(value: unknown, maxLength = 2048): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > maxLength ? undefined : trimmed;
}

/**
 * Text typed into a list's search box. The router reads `?q=123` as the number 123 (it parses
 * values as JSON), so a finite number counts as its digits.
 */
export function optionalSearchText(value: unknown, maxLength: number): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value))
    return optionalString(String(value), maxLength);
  return optionalString(value, maxLength);
}

/** One of `allowed`, compared exactly; anything else is dropped. */
export function optionalEnum<const T extends string>(
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A currency's ISO 4217 code (three capital letters, as the API writes it); else dropped. */
export function optionalCurrencyCode(value: unknown): string | undefined {
  const code = optionalString(value, 3);
  return code && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

/**
 * A page cursor the server handed out: opaque, so only its shape is checked (1 to `maxLength`
 * characters, none of them whitespace or control characters).
 */
export function optionalCursor(value: unknown, maxLength = 1000): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return undefined;
  return /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

export interface SearchSort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** A one-column sort written as `column` (ascending) or `-column` (descending). */
export function optionalSort<const C extends string>(
  value: unknown,
  columns: readonly C[],
): SearchSort<C> | undefined {
  if (typeof value !== 'string') return undefined;
  const descending = value.startsWith('-');
  const column = optionalEnum(descending ? value.slice(1) : value, columns);
  return column ? { column, direction: descending ? 'desc' : 'asc' } : undefined;
}

/** The search-parameter form of a sort, the inverse of optionalSort. */
export function sortParam<C extends string>(sort: SearchSort<C>): string {
  return sort.direction === 'desc' ? `-${sort.column}` : sort.column;
}
