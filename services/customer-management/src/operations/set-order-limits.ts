import type { CustomerOrderLimits } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import { lockCustomer } from '../repositories/customer-repository.js';
import {
  loadCustomerOrderLimits,
  orderLimitAmounts,
  replaceOrderLimits,
  toOrderLimits,
} from '../repositories/order-limits.js';

/**
 * Staff set the customer's order limit per currency, or none: each in its currency's minor units,
 * so a value its currency can't hold (too many decimals, an unknown currency) is a 422.
 */
export async function setOrderLimits(
  tx: Database,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  orderLimits: CustomerOrderLimits['orderLimits'],
): Promise<CustomerOrderLimits> {
  const amounts = orderLimitAmounts(orderLimits, 'body.orderLimits');
  if (!(await lockCustomer(tx, customerId))) throw new AppError('no_customers_found');
  const before = await loadCustomerOrderLimits(tx, customerId);
  await replaceOrderLimits(tx, customerId, amounts);
  const after = toOrderLimits(amounts);
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'customer.limits.update',
    target: customerId,
    details: { orderLimits: { from: before, to: after } },
  });
  return { orderLimits: after };
}
