// No zod here: the identity provider's HTML forms check their fields with it too.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a person is told about such text, at the field that holds it. */
export const UNSAFE_TEXT_MESSAGE =
  'This text contains a character that cannot be saved (a NUL or a broken character). Remove it and try again.';

/**
 * A NUL, which PostgreSQL cannot store, or half of a surrogate pair, which no encoding can carry
 * (UTF-8 turns it into U+FFFD, quietly changing the text, and URL encoding throws on it).
 */
export function hasUnsafeCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The name of the first field whose text is unsafe, if any (for forms read as plain records). */
export function firstUnsafeField(fields: Record<string, unknown>): string | undefined {
  return Object.keys(fields).find((name) => {
    const value = fields[name];
    return (
      hasUnsafeCharacters(name) ||
      (typeof value === 'string' && hasUnsafeCharacters(value)) ||
      (Array.isArray(value) &&
        value.some((item) => typeof item === 'string' && hasUnsafeCharacters(item)))
    );
  });
}
