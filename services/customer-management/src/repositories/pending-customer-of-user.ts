import { desc, eq, pendingCustomers, type Database } from '@boon/db';

/** The user's latest request for a company account, as the onboarding screens follow it. */
export async function findLatestPendingCustomerOfUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      pendingCustomerId: pendingCustomers.id,
      companyName: pendingCustomers.companyName,
      approvalStatus: pendingCustomers.approvalStatus,
      onboardingTaskState: pendingCustomers.onboardingTaskState,
    })
    .from(pendingCustomers)
    .where(eq(pendingCustomers.requestedByUserId, userId))
    .orderBy(desc(pendingCustomers.createdAt), desc(pendingCustomers.id))
    .limit(1);
  return row;
}
