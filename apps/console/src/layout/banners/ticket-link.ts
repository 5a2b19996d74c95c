/** Where a ticket id leads: the issue tracker's page for it. */
export const TICKET_URL_PREFIX = 'https://tickets.boon.example/browse/';

/**
 * The ticket id in a branch name, such as 'BOON-123' in 'feature/BOON-123-sidebar': an
 * upper-case project key of 2 to 10 letters or digits (starting with a letter), a hyphen and a
 * number, standing on its own between separators. Lower-case words are not keys, so branches like
 * 'deps/vite-7' don't pass for tickets. null when there is none.
 */
export function ticketIdFromBranch(branch: string): string | null {
  const match = /(?:^|[^A-Za-z0-9])([A-Z][A-Z0-9]{1,9}-[1-9][0-9]*)(?![A-Za-z0-9])/.exec(branch);
  return match?.[1] ?? null;
}

export function ticketUrl(ticketId: string): string {
  return `${TICKET_URL_PREFIX}${encodeURIComponent(ticketId)}`;
}
