/** A search parameter as an optional non-empty string; anything else is dropped. */
export function optionalString(value: unknown, maxLength = 2048): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > maxLength ? undefined : trimmed;
}
