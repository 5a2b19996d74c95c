import { permissionsForRoles, type Permission } from '@boon/contracts';
import { and, asc, eq, inArray, memberships, users, type Database } from '@boon/db';
import { AppError, holdsPermissions } from '@boon/service-kit';
import { parseRoles } from './stored-roles.js';

/** A member as the team screens show one: the user and the roles held at the customer. */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  emailAddress: users.email,
  emailVerified: users.emailVerified,
  blocked: users.blocked,
  roles: memberships.roles,
};

/** The member's row at the customer, locked for the caller's transaction. */
export async function lockMember(tx: Database, customerId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.customerId, customerId), eq(memberships.userId, userId)))
    .limit(1)
    .for('update', { of: memberships });
  return row && { ...row, roles: parseRoles(row.roles) };
}

/**
 * Reads the acting member's roles again inside the write's transaction, locked, and refuses (403)
 * when they no longer give `required`: the permissions read when the request arrived may have
 * been taken away since, by a write that committed in between. With `targets`, every row is
 * locked for update in user-id order, so two members acting on each other queue instead of both
 * passing (or deadlocking); alone, the actor's row is locked for share, so their own concurrent
 * writes do not wait on each other while a change of their roles waits for them.
 */
export async function lockActingMember(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  required: readonly Permission[],
  targets: readonly string[] = [],
): Promise<void> {
  const userIds = [...new Set([actorUserId, ...targets])].sort();
  const rows = await tx
    .select({ userId: memberships.userId, roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.customerId, customerId), inArray(memberships.userId, userIds)))
    .orderBy(asc(memberships.userId))
    .for(targets.length > 0 ? 'update' : 'share');
  const actor = rows.find((row) => row.userId === actorUserId);
  if (!actor || !holdsPermissions(permissionsForRoles(parseRoles(actor.roles)), required)) {
    throw new AppError('forbidden');
  }
}
