import {
  createTransfers,
  floatAccountId,
  openProviderAccount,
  providerAccountId,
  type ProviderAccountKind,
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

/** One of the provider's accounts a batch of transfers names: its kind and currency. */
type ProviderAccount = readonly [kind: ProviderAccountKind, currency: string];

/**
 * Runs `write`, whose transfers name the provider's `accounts`. Those are opened on first use and
 * are there for every order after, so `write` goes first; only when it is refused for a missing
 * account are they opened and `write` runs again. An order used to open them ahead of every
 * write: one statement of the sixteen an order takes. A refused batch writes nothing, so the
 * transaction goes on; an account still missing after that is a float, the caller's to name.
 */
async function withProviderAccounts<T>(
  tx: Database,
  accounts: readonly ProviderAccount[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'ledger_account_not_found')) throw error;
  }
  for (const [kind, currency] of accounts) await openProviderAccount(tx, kind, currency);
  return write();
}

/** The holds paying for new items, in the order's transaction (refused when the float is short). */
export function holdOrderItems(
  tx: Database,
  order: LedgerOrder,
  items: readonly Pick<OrderItemRow, 'id'>[],
): Promise<void> {
  return holdOrdersItems(tx, [{ order, items }]);
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
): Promise<void> {
  const transfers: TransferInput[] = [];
  const credited = new Map<string, ProviderAccount>();
  for (const { order, items } of placed) {
    const fx = fxPaymentOf(order);
    const currency = fx?.currency ?? order.currency;
    const kind = fx ? ('fx_pool' as const) : ('supplier_payable' as const);
    const creditAccountId = providerAccountId(kind, currency);
    credited.set(creditAccountId, [kind, currency]);
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
  // In statements of a few hundred: one statement's work grows faster than its transfers.
  const write = async () => {
    for (let done = 0; done < transfers.length; done += HOLDS_PER_STATEMENT) {
      await createTransfers(tx, transfers.slice(done, done + HOLDS_PER_STATEMENT));
    }
  };
  const accounts = [...credited.values()];
  try {
    if (transfers.length <= HOLDS_PER_STATEMENT) {
      // One statement locks all its floats at once, in id order, so opening an account after a
      // refusal waits on nothing that waits on it.
      await withProviderAccounts(tx, accounts, write);
    } else {
      // Several would hold the first statements' floats while opening an account another
      // transaction is opening and that one would then wait for those floats: a deadlock on a
      // bulk batch's first use of a currency. Its accounts are opened before anything is locked.
      for (const [kind, currency] of accounts) await openProviderAccount(tx, kind, currency);
      await write();
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
  const fx = fxPaymentOf(order);
  // The provider's accounts these transfers credit or debit beyond the hold's own.
  const named: ProviderAccount[] = [
    ...(discount > 0n ? [['discounts', order.currency] as const] : []),
    ...(fx
      ? [
          ['fx_pool', order.currency] as const,
          ...(fx.fee > 0n ? [['fee_revenue', fx.currency] as const] : []),
          ['supplier_payable', order.currency] as const,
        ]
      : []),
  ];
  const discounts = discount > 0n ? providerAccountId('discounts', order.currency) : undefined;
  const exchange = fx
    ? {
        poolIn: providerAccountId('fx_pool', fx.currency),
        poolOut: providerAccountId('fx_pool', order.currency),
        fees: fx.fee > 0n ? providerAccountId('fee_revenue', fx.currency) : undefined,
      }
    : undefined;
  const payable = providerAccountId('supplier_payable', order.currency);
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
  await withProviderAccounts(tx, named, () => createTransfers(tx, transfers));
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
