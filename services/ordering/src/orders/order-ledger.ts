import {
  createTransfers,
  floatAccountId,
  openProviderAccount,
  openProviderAccountOnce,
  providerAccountId,
  type PendingTransferInput,
  type TransferInput,
} from '@boon/billing';
import type { Database, OrderItemRow, OrderRow } from '@boon/db';
import { AppError } from '@boon/service-kit';

/**
 * An order's money in the ledger: each reward holds its share of the total on the
 * customer's float (a pending transfer to the supplier payable), posted when the reward is issued
 * or claimed, voided when it is cancelled or expires. The customer's discount is the provider's:
 * posting a reward also moves the discount from the discounts account to the supplier payable, so
 * the supplier is owed the full face value. Transfer ids derive from the item's, so a retried step
 * is the same transfer, made once.
 *
 * An order paid from a balance in another currency holds that balance's share (exchanged + fee)
 * for the FX pool instead; posting the hold then pays the fee to fee revenue and, from the FX pool
 * in the order's currency, the reward's total to the supplier payable, linked in one batch. A void
 * gives the paying balance back exactly what it held: no exchange was made.
 */

export const holdId = (itemId: string) => `${itemId}:hold`;

/** What the ledger needs of an order. */
export type LedgerOrder = Pick<
  OrderRow,
  | 'id'
  | 'customerId'
  | 'currency'
  | 'faceValue'
  | 'itemTotal'
  | 'source'
  | 'payCurrency'
  | 'payItemExchanged'
  | 'payItemFee'
>;

/** Paid from another currency's balance: that currency and one item's exchanged amount and fee. */
function fxPaymentOf(order: LedgerOrder) {
  const { payCurrency, payItemExchanged, payItemFee } = order;
  if (payCurrency === null) return undefined;
  if (payItemExchanged === null || payItemFee === null) {
    throw new Error(`Order ${order.id} names a paying currency without its amounts`);
  }
  return { currency: payCurrency, exchanged: payItemExchanged, fee: payItemFee };
}

/** The account an order's holds credit: the supplier payable, or the FX pool when paid in FX. */
function holdAccountOf(order: LedgerOrder) {
  const fx = fxPaymentOf(order);
  return fx
    ? { kind: 'fx_pool' as const, currency: fx.currency }
    : { kind: 'supplier_payable' as const, currency: order.currency };
}

/**
 * Opens the account the order's holds will credit, before the order's transaction (once per
 * process and database), so that `holdOrderItems` need not.
 */
export async function openHoldAccount(db: Database, order: LedgerOrder): Promise<void> {
  const { kind, currency } = holdAccountOf(order);
  await openProviderAccountOnce(db, kind, currency);
}

/**
 * The holds paying for new items, in the order's transaction (refused when the float is short).
 * The account they credit was opened before it (`openHoldAccount`).
 */
export function holdOrderItems(
  tx: Database,
  order: LedgerOrder,
  items: readonly Pick<OrderItemRow, 'id'>[],
): Promise<void> {
  return holdOrdersItems(tx, [{ order, items }], { accountsOpen: true });
}

const HOLDS_PER_STATEMENT = 500;

/**
 * The holds of several orders' items, one after the other at the end of the caller's transaction
 * (a bulk batch's: all paid or none), so the accounts every order shares are locked only from
 * then until the commit.
 */
export async function holdOrdersItems(
  tx: Database,
  placed: readonly { order: LedgerOrder; items: readonly Pick<OrderItemRow, 'id'>[] }[],
  /** The caller opened the accounts the holds credit (`openHoldAccount`). */
  { accountsOpen = false }: { accountsOpen?: boolean } = {},
): Promise<void> {
  const transfers: PendingTransferInput[] = [];
  const opened = new Set<string>();
  for (const { order, items } of placed) {
    const fx = fxPaymentOf(order);
    const { kind, currency } = holdAccountOf(order);
    const creditAccountId = providerAccountId(kind, currency);
    if (!accountsOpen && !opened.has(creditAccountId)) {
      await openProviderAccount(tx, kind, currency);
      opened.add(creditAccountId);
    }
    for (const item of items) {
      transfers.push({
        id: holdId(item.id),
        kind: 'pending',
        debitAccountId: floatAccountId(order.customerId, currency),
        creditAccountId,
        amount: fx ? fx.exchanged + fx.fee : order.itemTotal,
        currency,
        code: `ORDER_ITEM:HOLD:${order.source}`,
        reference: order.id,
      });
    }
  }
  const ordered = inLockOrder(transfers);
  try {
    // In statements of a few hundred: one statement's work grows faster than its transfers.
    for (let i = 0; i < ordered.length; i += HOLDS_PER_STATEMENT) {
      await createTransfers(tx, ordered.slice(i, i + HOLDS_PER_STATEMENT));
    }
  } catch (error) {
    // No float in the paying currency: the customer holds no balance to pay from.
    if (error instanceof AppError && error.code === 'ledger_account_not_found') {
      throw new AppError('currency_not_a_float');
    }
    throw error;
  }
}

/**
 * The holds ordered by the account they credit (a supplier payable or an FX pool, which every
 * customer's holds share), each account's holds in the order given. Each statement locks its
 * accounts in id order; taken in this order across statements too, two bulk batches in several
 * currencies lock the shared accounts in the same order, and never wait on each other in a circle.
 */
export function inLockOrder<T extends { creditAccountId: string }>(transfers: readonly T[]): T[] {
  return [...transfers].sort((a, b) =>
    a.creditAccountId < b.creditAccountId ? -1 : a.creditAccountId > b.creditAccountId ? 1 : 0,
  );
}

/**
 * Completes items' payments: their holds posted, each discount's leg and, paid from another
 * currency, the fee and the exchange's legs, in one linked statement.
 */
export async function postOrderItems(
  tx: Database,
  order: LedgerOrder,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  const discount = order.faceValue - order.itemTotal;
  const discounts =
    discount > 0n ? await openProviderAccount(tx, 'discounts', order.currency) : undefined;
  const fx = fxPaymentOf(order);
  const exchange = fx
    ? {
        poolIn: providerAccountId('fx_pool', fx.currency),
        poolOut: await openProviderAccount(tx, 'fx_pool', order.currency),
        fees: fx.fee > 0n ? await openProviderAccount(tx, 'fee_revenue', fx.currency) : undefined,
      }
    : undefined;
  const payable = providerAccountId('supplier_payable', order.currency);
  if (exchange) await openProviderAccount(tx, 'supplier_payable', order.currency);
  const transfers: TransferInput[] = itemIds.flatMap((itemId): TransferInput[] => [
    {
      id: `${itemId}:post`,
      kind: 'post_pending',
      pendingId: holdId(itemId),
      code: `ORDER_ITEM:COMPLETED:${order.source}`,
      reference: order.id,
    },
    ...(fx && exchange?.fees
      ? [
          {
            id: `${itemId}:fx-fee`,
            kind: 'posted' as const,
            debitAccountId: exchange.poolIn,
            creditAccountId: exchange.fees,
            amount: fx.fee,
            currency: fx.currency,
            code: `ORDER_ITEM:FX_FEES:${order.source}`,
            reference: order.id,
          },
        ]
      : []),
    ...(exchange
      ? [
          {
            id: `${itemId}:fx-in`,
            kind: 'posted' as const,
            debitAccountId: exchange.poolOut,
            creditAccountId: payable,
            amount: order.itemTotal,
            currency: order.currency,
            code: `ORDER_ITEM:FX_TRANSFERS_IN:${order.source}`,
            reference: order.id,
          },
        ]
      : []),
    ...(discounts
      ? [
          {
            id: `${itemId}:discount`,
            kind: 'posted' as const,
            debitAccountId: discounts,
            creditAccountId: payable,
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
export function postOrderItem(tx: Database, order: LedgerOrder, itemId: string): Promise<void> {
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
