import { EMAIL_MAX_LENGTH } from '@boon/contracts';
import { optionalSearchText } from '@boon/console-kit';

/** The server's limit on a recipient address. */
export const RECIPIENT_MAX = EMAIL_MAX_LENGTH;

/** The mailbox's state in its address (/debug/mailbox?to=bob@acme.test); unset lists all mail. */
export interface MailboxSearch {
  to?: string;
}

/** The route's validateSearch: anything not valid is dropped, so the page falls back to defaults. */
export function parseMailboxSearch(search: Record<string, unknown>): MailboxSearch {
  return { to: optionalSearchText(search.to, RECIPIENT_MAX) };
}
