import { permissionsForRoles, type UserMe } from '@boon/contracts';
import { eq, users, type Database } from '@boon/db';
import { AppError, type AuthContext, type AuthUser } from '@boon/service-kit';

/** The signed-in user as GET /user/me answers it (POST /user/me answers the same). */
export async function readUserMe(
  db: Database,
  auth: AuthContext & { user: AuthUser },
): Promise<UserMe> {
  const [row] = await db.select().from(users).where(eq(users.id, auth.user.id)).limit(1);
  // A sign-in identity without a backend user yet (spec 4.1: "no backend user exists").
  if (!row?.profileCreatedAt) throw new AppError('user_not_found');
  const held = auth.user.memberships;
  // Without a selected customer, the first by name: what the access token carries too.
  const roles = auth.customerId ? auth.roles : (held[0]?.roles ?? []);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.email,
    emailVerified: row.emailVerified,
    isStaff: row.isStaff,
    customerIds: held.map((m) => m.customerId),
    roles,
    permissions: permissionsForRoles(roles),
    options: {
      useBalancesTncAccepted: row.useBalancesTncAccepted,
      dataProcessingTncAccepted: row.dataProcessingTncAccepted,
      gettingStartedDismissed: row.gettingStartedDismissedAt !== null,
      introWatched: row.introWatchedAt !== null,
    },
    mfaEnabled: row.totpEnabledAt !== null,
  };
}
