/**
 * The parser for `application/x-www-form-urlencoded` bodies (the identity provider's HTML forms).
 *
 * A percent-encoded byte sequence that is not UTF-8 (`%ED%B0%80`, a lone surrogate's CESU bytes,
 * or a stray `%FF`) must not be quietly changed: the default parser keeps it as the literal text
 * `%ED%B0%80`, and a password or name would be saved as something the person never typed. Each such
 * byte decodes instead to a lone surrogate U+DC80–U+DCFF (Python's "surrogateescape", PEP 383), so
 * the forms' own unsafe-text check refuses the field with its message, as it does for JSON bodies.
 */
export type FormBody = Record<string, string | string[]>;

export function parseFormBody(body: string): FormBody {
  const fields: FormBody = Object.create(null) as FormBody;
  if (body === '') return fields;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1));
    const earlier = fields[name];
    if (earlier === undefined) fields[name] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else fields[name] = [earlier, value];
  }
  return fields;
}

const HEX = /^[0-9A-Fa-f]{2}$/;
const encoder = new TextEncoder();

/** `+` is a space; `%XY` is a byte; a `%` without two hex digits stays as it is (as in WHATWG). */
function decodeComponent(text: string): string {
  const bytes: number[] = [];
  const plain = text.replaceAll('+', ' ');
  for (let index = 0; index < plain.length; index += 1) {
    const char = plain.charCodeAt(index);
    const hex = plain.slice(index + 1, index + 3);
    if (char === 0x25 && HEX.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else if (char < 0x80) {
      bytes.push(char);
    } else {
      // Raw non-ASCII in the body (a client that did not encode it): keep the code point.
      const codePoint = plain.codePointAt(index) ?? char;
      bytes.push(...encoder.encode(String.fromCodePoint(codePoint)));
      if (codePoint > 0xffff) index += 1;
    }
  }
  return decodeUtf8EscapingInvalid(bytes);
}

/** UTF-8 as Unicode's table 3-7 defines it; any byte outside a well-formed sequence → U+DC80+. */
export function decodeUtf8EscapingInvalid(bytes: readonly number[]): string {
  let out = '';
  let index = 0;
  while (index < bytes.length) {
    const length = wellFormedLength(bytes, index);
    if (length === 0) {
      out += String.fromCharCode(0xdc00 + (bytes[index] ?? 0));
      index += 1;
      continue;
    }
    const lead = bytes[index] ?? 0;
    let codePoint = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k += 1)
      codePoint = (codePoint << 6) | ((bytes[index + k] ?? 0) & 0x3f);
    out += String.fromCodePoint(codePoint);
    index += length;
  }
  return out;
}

function wellFormedLength(bytes: readonly number[], at: number): number {
  const lead = bytes[at] ?? 0;
  const next = (offset: number) => bytes[at + offset] ?? -1;
  const inRange = (value: number, low: number, high: number) => value >= low && value <= high;
  const tail = (offset: number) => inRange(next(offset), 0x80, 0xbf);
  if (lead <= 0x7f) return 1;
  if (inRange(lead, 0xc2, 0xdf)) return tail(1) ? 2 : 0;
  if (lead === 0xe0) return inRange(next(1), 0xa0, 0xbf) && tail(2) ? 3 : 0;
  // ED A0..BF would be a surrogate: not UTF-8.
  if (lead === 0xed) return inRange(next(1), 0x80, 0x9f) && tail(2) ? 3 : 0;
  if (inRange(lead, 0xe1, 0xef)) return tail(1) && tail(2) ? 3 : 0;
  if (lead === 0xf0) return inRange(next(1), 0x90, 0xbf) && tail(2) && tail(3) ? 4 : 0;
  if (inRange(lead, 0xf1, 0xf3)) return tail(1) && tail(2) && tail(3) ? 4 : 0;
  if (lead === 0xf4) return inRange(next(1), 0x80, 0x8f) && tail(2) && tail(3) ? 4 : 0;
  return 0;
}
