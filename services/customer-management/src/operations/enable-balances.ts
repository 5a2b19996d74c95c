import type { Customer, EnableBalances } from '@boon/contracts';
import { customers, eq, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { lockCustomer } from '../repositories/customer-repository.js';
import { toCustomer } from '../repositories/customer-serializer.js';
import { loadCustomerOrderLimits } from '../repositories/order-limits.js';

/** Staff turn balances on with these float currencies and card fees; doing it again is harmless. */
export async function enableBalances(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  { currencies, cardFees }: EnableBalances,
): Promise<Customer> {
  const before = await lockCustomer(tx, customerId);
  if (!before) throw new AppError('no_customers_found');
  const balances = { enabled: true, floats: currencies, cardFees };
  const [updated] = await tx
    .update(customers)
    .set({ featureFlags: { ...before.featureFlags, balances } })
    .where(eq(customers.id, customerId))
    .returning();
  if (!updated) throw new AppError('no_customers_found');
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'customer.balances.enable',
    target: customerId,
    details: { balances: { from: before.featureFlags.balances, to: balances } },
  });
  return toCustomer(updated, await loadCustomerOrderLimits(tx, customerId));
}
