import {
  companySizeSchema,
  rewardNeedSchema,
  useCaseSchema,
  type CustomerSegment,
  type CustomerSegmentUpdate,
} from '@boon/contracts';
import { desc, eq, pendingCustomers, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';

type PendingRow = typeof pendingCustomers.$inferSelect;

/** The stored segment as the contract knows it; a value it doesn't know reads as unanswered. */
function toSegment(row: Pick<PendingRow, 'companySize' | 'rewardNeed' | 'useCases'>) {
  const companySize = companySizeSchema.safeParse(row.companySize);
  const rewardNeed = rewardNeedSchema.safeParse(row.rewardNeed);
  return {
    companySize: companySize.success ? companySize.data : null,
    rewardNeed: rewardNeed.success ? rewardNeed.data : null,
    useCases: row.useCases.flatMap((value) => {
      const parsed = useCaseSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  } satisfies CustomerSegment;
}

/**
 * The customer's segmentation (company size, reward need, use cases), which lives with the
 * sign-up that created the customer; customers made otherwise have none to update (404).
 */
export async function updateCustomerSegment(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  update: CustomerSegmentUpdate,
): Promise<CustomerSegment> {
  const [row] = await tx
    .select()
    .from(pendingCustomers)
    .where(eq(pendingCustomers.customerId, customerId))
    .orderBy(desc(pendingCustomers.createdAt), desc(pendingCustomers.id))
    .limit(1)
    .for('update');
  // The segmentation lives with the sign-up that created the customer; some have none.
  if (!row) throw new AppError('no_customers_found');
  const changes: Partial<Pick<PendingRow, 'companySize' | 'rewardNeed' | 'useCases'>> = {};
  if (update.companySize !== undefined) changes.companySize = update.companySize;
  if (update.rewardNeed !== undefined) changes.rewardNeed = update.rewardNeed;
  if (update.useCases !== undefined) changes.useCases = update.useCases;
  const [updated] = await tx
    .update(pendingCustomers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pendingCustomers.id, row.id))
    .returning();
  if (!updated) throw new AppError('no_customers_found');
  await recordAudit(tx, {
    actorUserId: actorUserId,
    customerId,
    action: 'customer.segment.update',
    target: customerId,
    details: {
      pendingCustomerId: row.id,
      changes: Object.fromEntries(
        Object.entries(changes).map(([name, to]) => [
          name,
          { from: row[name as keyof typeof changes], to },
        ]),
      ),
    },
  });
  return toSegment(updated);
}
