import {
  createTransfers,
  floatAccountId,
  openProviderAccount,
  providerAccountId,
  type TransferInput,
} from '@boon/billing';
import type { Database, OrderItemRow, OrderRow } from '@boon/db';
import { AppError } from '@boon/service-kit';

/**
 * An order's money in the ledger (issue 13 §2): each reward holds its share of the total on the
 * customer's float (a pending transfer to the supplier payable), posted when the reward is issued
 * or claimed, voided when it is cancelled or expires. The customer's discount is the provider's:
 * posting a reward also moves the discount from the discounts account to the supplier payable, so
 * the supplier is owed the full face value. Transfer ids derive from the item's, so a retried step
 * is the same transfer, made once.
 */

export const holdId = (itemId: string) => `${itemId}:hold`;

/** The holds paying for new items, in the order's transaction (refused when the float is short). */
export async function holdOrderItems(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'customerId' | 'currency' | 'itemTotal' | 'source'>,
  items: readonly Pick<OrderItemRow, 'id'>[],
): Promise<void> {
  const payable = await openProviderAccount(tx, 'supplier_payable', order.currency);
  try {
    await createTransfers(
      tx,
      items.map((item) => ({
        id: holdId(item.id),
        kind: 'pending' as const,
        debitAccountId: floatAccountId(order.customerId, order.currency),
        creditAccountId: payable,
        amount: order.itemTotal,
        currency: order.currency,
        code: `ORDER_ITEM:HOLD:${order.source}`,
        reference: order.id,
      })),
    );
  } catch (error) {
    // No float in the order's currency: the customer holds no balance to pay from.
    if (error instanceof AppError && error.code === 'ledger_account_not_found') {
      throw new AppError('currency_not_a_float');
    }
    throw error;
  }
}

/** Completes items' payments: their holds posted, and each discount's leg, in one statement. */
export async function postOrderItems(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'currency' | 'faceValue' | 'itemTotal' | 'source'>,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  const discount = order.faceValue - order.itemTotal;
  const discounts =
    discount > 0n ? await openProviderAccount(tx, 'discounts', order.currency) : undefined;
  const transfers: TransferInput[] = itemIds.flatMap((itemId): TransferInput[] => [
    {
      id: `${itemId}:post`,
      kind: 'post_pending',
      pendingId: holdId(itemId),
      code: `ORDER_ITEM:COMPLETED:${order.source}`,
      reference: order.id,
    },
    ...(discounts
      ? [
          {
            id: `${itemId}:discount`,
            kind: 'posted' as const,
            debitAccountId: discounts,
            creditAccountId: providerAccountId('supplier_payable', order.currency),
            amount: discount,
            currency: order.currency,
            code: `ORDER_ITEM:DISCOUNT_ADJUSTMENT:${order.source}`,
            reference: order.id,
          },
        ]
      : []),
  ]);
  await createTransfers(tx, transfers);
}

/** Completes one item's payment (a claimed link or choice). */
export function postOrderItem(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'currency' | 'faceValue' | 'itemTotal' | 'source'>,
  itemId: string,
): Promise<void> {
  return postOrderItems(tx, order, [itemId]);
}

/** Gives an item's held money back to the float (cancelled, expired or refused by the supplier). */
export async function voidOrderItems(
  tx: Database,
  order: Pick<OrderRow, 'id' | 'source'>,
  itemIds: readonly string[],
  subtype: 'CANCELLATION' | 'UNSPENT_VALUE',
): Promise<void> {
  if (itemIds.length === 0) return;
  await createTransfers(
    tx,
    itemIds.map((itemId) => ({
      id: `${itemId}:void`,
      kind: 'void_pending' as const,
      pendingId: holdId(itemId),
      code: `ORDER_ITEM:${subtype}:${order.source}`,
      reference: order.id,
    })),
  );
}
