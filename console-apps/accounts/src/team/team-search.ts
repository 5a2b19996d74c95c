import { optionalSort, sortParam } from '@boon/console-kit';

/** The members' columns a sort may name: the name (by first name) and the e-mail address. */
export const memberSortColumns = ['firstName', 'emailAddress'] as const;
/** The invites' columns a sort may name: the address, when last sent, when it expires. */
export const inviteSortColumns = ['email', 'lastSentAt', 'expiresAt'] as const;

/**
 * The Team screen's state in its address (/team?memberSort=-emailAddress): each list's sort, as
 * `column` or `-column` (descending). Unset keeps the order the server lists them in. Both lists
 * are small and loaded whole, so they are sorted here; the server is asked nothing new.
 */
export interface TeamSearch {
  memberSort?: string;
  inviteSort?: string;
}

function sortOf<C extends string>(value: unknown, columns: readonly C[]): string | undefined {
  const sort = optionalSort(value, columns);
  return sort ? sortParam(sort) : undefined;
}

/** The route's validateSearch: anything not valid is dropped, so the lists keep their order. */
export function parseTeamSearch(search: Record<string, unknown>): TeamSearch {
  return {
    memberSort: sortOf(search.memberSort, memberSortColumns),
    inviteSort: sortOf(search.inviteSort, inviteSortColumns),
  };
}
