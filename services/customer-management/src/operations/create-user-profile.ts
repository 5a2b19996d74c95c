import { eq, users, type Database } from '@boon/db';
import { AppError, recordAudit, type AuthContext, type AuthUser } from '@boon/service-kit';

/**
 * Onboarding's account details: the identity's backend user gets its name, once. A second call
 * is refused rather than renaming, since renaming is not what this screen is for.
 */
export async function createUserProfile(
  tx: Database,
  auth: AuthContext & { user: AuthUser },
  { firstName, lastName }: { firstName: string; lastName: string },
): Promise<void> {
  const [row] = await tx
    .select({ profileCreatedAt: users.profileCreatedAt })
    .from(users)
    .where(eq(users.id, auth.user.id))
    .for('update');
  if (!row) throw new AppError('user_not_found');
  if (row.profileCreatedAt) throw new AppError('user_already_exists');
  const now = new Date();
  await tx
    .update(users)
    .set({ firstName, lastName, profileCreatedAt: now, updatedAt: now })
    .where(eq(users.id, auth.user.id));
  await recordAudit(tx, {
    actorUserId: auth.user.id,
    customerId: auth.customerId,
    action: 'user.create',
    target: auth.user.id,
    details: { firstName, lastName },
  });
}
