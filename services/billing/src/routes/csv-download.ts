/** Whether the request asks for the CSV download rather than JSON (content negotiation). */
export function wantsCsv(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.trim().startsWith('text/csv')) ?? false;
}
