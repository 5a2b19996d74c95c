/**
 * The opaque cursor of a keyset-paged list: base64url of the last item's sort keys, as strings.
 * Clients pass it back unchanged; it says nothing they could rely on.
 */
export function encodeKeysetCursor(keys: readonly string[]): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

/** The cursor's `count` keys, or undefined when it is not one of ours (any tampering included). */
export function decodeKeysetCursor(text: string, count: number): string[] | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === count &&
      parsed.every((key) => typeof key === 'string')
    ) {
      return parsed as string[];
    }
  } catch {
    // not JSON: not ours
  }
  return undefined;
}
