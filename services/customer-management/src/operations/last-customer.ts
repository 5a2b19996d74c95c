import type { LastCustomer } from '@boon/contracts';
import { eq, users, type Database } from '@boon/db';
import { AppError, type AuthContext, type AuthUser } from '@boon/service-kit';

/**
 * The customer the user last chose in the switcher, so that a return visit, from any browser,
 * starts there. A customer the user has since left counts as none: the console then applies the
 * spec's rule (the only customer, or a choice to make).
 */
export async function readLastCustomer(
  db: Database,
  auth: AuthContext & { user: AuthUser },
): Promise<LastCustomer> {
  const [row] = await db
    .select({ lastCustomerId: users.lastCustomerId, profileCreatedAt: users.profileCreatedAt })
    .from(users)
    .where(eq(users.id, auth.user.id))
    .limit(1);
  if (!row?.profileCreatedAt) throw new AppError('user_not_found');
  const stillMember = auth.user.memberships.some((m) => m.customerId === row.lastCustomerId);
  return { customerId: stillMember ? row.lastCustomerId : null };
}

/**
 * Remembers the customer the user chose; the route's tenant check has made sure it is theirs.
 * A preference of the user's own, like the switcher's choice in the browser, so no audit row:
 * it changes nothing anyone else sees.
 */
export async function rememberLastCustomer(
  tx: Database,
  auth: AuthContext & { user: AuthUser },
  customerId: string,
): Promise<void> {
  const updated = await tx
    .update(users)
    .set({ lastCustomerId: customerId })
    .where(eq(users.id, auth.user.id))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('user_not_found');
}
