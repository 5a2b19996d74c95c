import type { UserOptions, UserOptionsUpdate } from '@boon/contracts';
import { eq, users, type Database } from '@boon/db';
import { AppError, recordAudit, type AuthContext, type AuthUser } from '@boon/service-kit';

/** The options kept as the moment they were first set (null: not yet), not as a flag. */
const MOMENT_OPTIONS = {
  gettingStartedDismissed: 'gettingStartedDismissedAt',
  introWatched: 'introWatchedAt',
} as const;

/**
 * The user's own options (the consent answers; Home's checklist), with each change audited
 * from → to. A moment already recorded is kept: dismissing twice keeps the first time.
 */
export async function updateUserOptions(
  tx: Database,
  auth: AuthContext & { user: AuthUser },
  update: UserOptionsUpdate,
): Promise<void> {
  const requested: Partial<UserOptions> = {};
  if (update.dataProcessingTncAccepted !== undefined) {
    requested.dataProcessingTncAccepted = update.dataProcessingTncAccepted;
  }
  if (update.useBalancesTncAccepted !== undefined) {
    requested.useBalancesTncAccepted = update.useBalancesTncAccepted;
  }
  if (update.gettingStartedDismissed !== undefined) requested.gettingStartedDismissed = true;
  if (update.introWatched !== undefined) requested.introWatched = true;
  const [row] = await tx
    .select({
      dataProcessingTncAccepted: users.dataProcessingTncAccepted,
      useBalancesTncAccepted: users.useBalancesTncAccepted,
      gettingStartedDismissedAt: users.gettingStartedDismissedAt,
      introWatchedAt: users.introWatchedAt,
    })
    .from(users)
    .where(eq(users.id, auth.user.id))
    .for('update');
  if (!row) throw new AppError('user_not_found');
  const before: UserOptions = {
    dataProcessingTncAccepted: row.dataProcessingTncAccepted,
    useBalancesTncAccepted: row.useBalancesTncAccepted,
    gettingStartedDismissed: row.gettingStartedDismissedAt !== null,
    introWatched: row.introWatchedAt !== null,
  };
  const now = new Date();
  const moments = Object.fromEntries(
    Object.entries(MOMENT_OPTIONS)
      .filter(
        ([name]) =>
          requested[name as keyof typeof MOMENT_OPTIONS] && !before[name as keyof UserOptions],
      )
      .map(([, column]) => [column, now]),
  );
  await tx
    .update(users)
    .set({
      ...(requested.dataProcessingTncAccepted === undefined
        ? {}
        : { dataProcessingTncAccepted: requested.dataProcessingTncAccepted }),
      ...(requested.useBalancesTncAccepted === undefined
        ? {}
        : { useBalancesTncAccepted: requested.useBalancesTncAccepted }),
      ...moments,
      updatedAt: now,
    })
    .where(eq(users.id, auth.user.id));
  const changes = Object.fromEntries(
    Object.entries(requested).map(([name, to]) => [
      name,
      { from: before[name as keyof UserOptions], to },
    ]),
  );
  await recordAudit(tx, {
    actorUserId: auth.user.id,
    customerId: auth.customerId,
    action: 'user.options.update',
    target: auth.user.id,
    details: { changes },
  });
}
