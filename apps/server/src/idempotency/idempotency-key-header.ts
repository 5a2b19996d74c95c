/** What a request's `Idempotency-Key` header holds. */
export type IdempotencyKeyHeader =
  { kind: 'absent' } | { kind: 'invalid' } | { kind: 'key'; key: string };

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Reads the key in either form clients send: the IETF draft's structured-field string
 * (`"8e03978e-…"`, quoted, with `\"` and `\\` escapes) or Stripe's bare token (`8e03978e-…`).
 * Both name the same key, so a client may switch forms between retries. A key is 1 to 255
 * printable ASCII characters (Stripe's limit; a UUID is the usual choice).
 */
export function readIdempotencyKey(header: string | string[] | undefined): IdempotencyKeyHeader {
  if (header === undefined) return { kind: 'absent' };
  // Sent twice, the header names two keys: which one the client meant is anyone's guess.
  if (Array.isArray(header)) return { kind: 'invalid' };
  const key = header.startsWith('"') ? unquote(header) : header;
  if (key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    return { kind: 'invalid' };
  }
  return PRINTABLE_ASCII.test(key) ? { kind: 'key', key } : { kind: 'invalid' };
}

/** An RFC 8941 sf-string's value, or undefined when it isn't exactly one well-formed string. */
function unquote(text: string): string | undefined {
  let value = '';
  for (let i = 1; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') {
      const next = text[i + 1];
      if (next !== '"' && next !== '\\') return undefined;
      value += next;
      i += 1;
    } else if (char === '"') {
      return i === text.length - 1 ? value : undefined;
    } else {
      value += char;
    }
  }
  return undefined;
}

/**
 * The seconds a client will wait for an answer, from RFC 7240's `Prefer: wait=N`, or undefined.
 * A duplicate of a request still running waits for it at most this long before the 409.
 */
export function preferredWaitSeconds(header: string | string[] | undefined): number | undefined {
  const values = header === undefined ? [] : [header].flat();
  for (const preference of values.flatMap((value) => value.split(','))) {
    const [name, value] = (preference.split(';')[0] ?? '').split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'wait' || value === undefined) continue;
    const seconds = value.replace(/^"(.*)"$/, '$1');
    if (/^\d{1,9}$/.test(seconds)) return Number(seconds);
  }
  return undefined;
}
