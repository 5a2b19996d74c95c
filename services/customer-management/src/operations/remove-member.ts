import { customerManagementApi } from '@boon/contracts';
import { and, eq, memberships, type Database } from '@boon/db';
import { AppError, fieldError, recordAudit } from '@boon/service-kit';
import { lockActingMember, lockMember } from '../repositories/membership-repository.js';

/**
 * A member leaves the customer; access ends at once, since every request reads memberships. The
 * owner cannot be removed, and nobody removes themselves.
 */
export async function removeMember(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  userId: string,
): Promise<void> {
  await lockActingMember(
    tx,
    { customerId, actorUserId },
    customerManagementApi.removeMember.access.permissions,
    [userId],
  );
  const member = await lockMember(tx, customerId, userId);
  if (!member) throw new AppError('user_not_found');
  if (member.roles.includes('owner')) throw fieldError('userId', 'The owner cannot be removed');
  if (userId === actorUserId) throw fieldError('userId', 'You cannot remove yourself');
  await tx
    .delete(memberships)
    .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)));
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'membership.delete',
    target: userId,
    details: { email: member.emailAddress, roles: member.roles },
  });
}
