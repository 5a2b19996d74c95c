import type { Invite } from '@boon/contracts';
import type { InviteRow } from '../repositories/invite-repository.js';
import { parseRoles } from '../repositories/stored-roles.js';
import { inviteState } from './invite-rules.js';

/** An invite as the team screens show it; `invitedBy` is the inviter's display name. */
export function toInvite(row: InviteRow, invitedBy: string | null, now = new Date()): Invite {
  return {
    inviteId: row.id,
    customerId: row.customerId,
    email: row.email,
    roles: parseRoles(row.roles),
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: inviteState(row, now) === 'expired',
  };
}
