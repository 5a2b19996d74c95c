import type { TopUpStatus } from '@boon/contracts';
import { optionalEnum } from '@boon/console-kit';

/** Which bank transfers staff see: waiting for money (the default), added, or all of them. */
export const staffTopUpsShown = ['PENDING', 'COMPLETED', 'ALL'] as const satisfies readonly (
  TopUpStatus | 'ALL'
)[];
export type StaffTopUpsShown = (typeof staffTopUpsShown)[number];

export const STAFF_TOP_UPS_SHOWN_DEFAULT: StaffTopUpsShown = 'PENDING';

/** Staff's bank transfers filter in the address (/admin/top-ups?status=ALL). */
export interface StaffTopUpsSearch {
  status?: StaffTopUpsShown;
}

/**
 * The route's validateSearch: anything not valid is dropped, and so is the default, so a link
 * to the list as it opens is always the plain address.
 */
export function parseStaffTopUpsSearch(search: Record<string, unknown>): StaffTopUpsSearch {
  const status = optionalEnum(search.status, staffTopUpsShown);
  return status && status !== STAFF_TOP_UPS_SHOWN_DEFAULT ? { status } : {};
}
