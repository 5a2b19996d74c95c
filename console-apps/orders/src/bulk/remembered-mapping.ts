import { mappingToRemember, type BulkField } from './column-mapping';

// The columns a company matched to fields before, kept in this browser per customer, so its next
// file with the same headers is matched the same way.

const rememberedKey = (customerId: string) => `boon.bulk-mapping.${customerId}`;

export function rememberedMapping(customerId: string | null): Record<string, BulkField> {
  if (!customerId) return {};
  try {
    return JSON.parse(localStorage.getItem(rememberedKey(customerId)) ?? '{}') as Record<
      string,
      BulkField
    >;
  } catch {
    return {};
  }
}

/** Adds what a checked file's columns were matched to, for the next file. */
export function rememberMapping(
  customerId: string | null,
  headers: readonly string[],
  mapping: readonly (BulkField | null)[],
): void {
  if (!customerId) return;
  localStorage.setItem(
    rememberedKey(customerId),
    JSON.stringify({
      ...rememberedMapping(customerId),
      ...mappingToRemember(headers, [...mapping]),
    }),
  );
}
