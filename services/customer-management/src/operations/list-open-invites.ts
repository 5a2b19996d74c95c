import type { Invite } from '@boon/contracts';
import type { Database } from '@boon/db';
import { listOpenInviteRows } from '../repositories/invite-repository.js';
import { displayName } from './display-name.js';
import { toInvite } from './to-invite.js';

/** The customer's invites that are neither accepted nor revoked, newest first. */
export async function listOpenInvites(db: Database, customerId: string): Promise<Invite[]> {
  const now = new Date();
  const rows = await listOpenInviteRows(db, customerId);
  return rows.map(({ invite, inviter }) =>
    toInvite(invite, inviter ? displayName(inviter) : null, now),
  );
}
