import type { Database } from '@boon/db';
import { inviteMailsSince, lockCustomerForInviteMails } from '../repositories/invite-repository.js';
import { budgetWaitSeconds, INVITE_BUDGET_WINDOW_MS } from './invite-rules.js';

/**
 * Whole seconds until `customerId` may send another invite mail; 0 when it may now. Locks the
 * customer's row first, so concurrent invites and resends of one customer count one after the
 * other and the cap holds.
 */
export async function inviteMailWaitSeconds(
  tx: Database,
  customerId: string,
  now: Date = new Date(),
): Promise<number> {
  await lockCustomerForInviteMails(tx, customerId);
  const since = new Date(now.getTime() - INVITE_BUDGET_WINDOW_MS);
  return budgetWaitSeconds(await inviteMailsSince(tx, customerId, since), now);
}
