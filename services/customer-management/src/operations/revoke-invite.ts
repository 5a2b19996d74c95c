import { customerManagementApi } from '@boon/contracts';
import { eq, invites, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { lockOpenInvite } from '../repositories/invite-repository.js';
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
  await tx.update(invites).set({ revokedAt: new Date() }).where(eq(invites.id, invite.id));
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'invite.revoke',
    target: invite.id,
    details: { email: invite.email, roles: invite.roles },
  });
}
