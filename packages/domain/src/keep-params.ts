/**
 * Spec 5: on routes marked keep-params, the query parameters are carried over between steps
 * when the new navigation has none. "Between steps": the page being left must be a keep-params
 * step too, so a flow's parameters never leak into it from an unrelated page.
 */
export function carriedOverSearch(
  next: { keepParams: boolean | undefined; search: Record<string, unknown> },
  previous: { keepParams: boolean | undefined; search: Record<string, unknown> } | null,
): Record<string, unknown> | null {
  if (!next.keepParams || !previous?.keepParams) return null;
  if (Object.keys(next.search).length > 0) return null;
  if (Object.keys(previous.search).length === 0) return null;
  return { ...previous.search };
}
