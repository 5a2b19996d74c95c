import { customerManagementApi } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { lockOpenInvite, markInviteRevoked } from '../repositories/invite-repository.js';
import { lockActingMember } from '../repositories/membership-repository.js';

/** Revokes the open invite to an address; its link stops working. */
export async function revokeInvite(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  email: string,
): Promise<void> {
  await lockActingMember(
    tx,
    { customerId, actorUserId },
    customerManagementApi.revokeInvite.access.permissions,
  );
  const invite = await lockOpenInvite(tx, customerId, email);
  if (!invite) throw new AppError('invite_not_found');
  await markInviteRevoked(tx, invite.id, new Date());
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'invite.revoke',
    target: invite.id,
    details: { email: invite.email, roles: invite.roles },
  });
}
