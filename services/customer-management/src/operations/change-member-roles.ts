import { customerManagementApi, type AssignableRole, type CustomerUser } from '@boon/contracts';
import { and, eq, memberships, type Database } from '@boon/db';
import { AppError, fieldError, recordAudit } from '@boon/service-kit';
import { lockActingMember, lockMember } from '../repositories/membership-repository.js';

/**
 * A member's new roles at the customer. The owner cannot be demoted (decisions.md), nobody changes
 * their own roles (a way to lock a customer out of its own team management), and 'owner' is never
 * granted (the schema's assignable roles).
 */
export async function changeMemberRoles(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  { userId, roles }: { userId: string; roles: AssignableRole[] },
): Promise<CustomerUser> {
  await lockActingMember(
    tx,
    { customerId, actorUserId },
    customerManagementApi.changeMemberRoles.access.permissions,
    [userId],
  );
  const member = await lockMember(tx, customerId, userId);
  if (!member) throw new AppError('user_not_found');
  if (member.roles.includes('owner'))
    throw fieldError('roles', "The owner's role cannot be changed");
  if (userId === actorUserId) throw fieldError('roles', 'You cannot change your own role');
  await tx
    .update(memberships)
    .set({ roles })
    .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)));
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'membership.roles.update',
    target: userId,
    details: { roles: { from: member.roles, to: roles } },
  });
  return { ...member, roles };
}
