import { randomBytes } from 'node:crypto';
import { floatsOf, orderExchangeRate } from '@boon/billing';
import type { CatalogProduct } from '@boon/catalog';
import {
  PAYOUT_LINK_PREFIX,
  type Order,
  type OrderCreate,
  type OrderEstimate,
} from '@boon/contracts';
import { orderItems, orders, type Database, type OrderItemRow, type OrderRow } from '@boon/db';
import {
  checkOrder,
  currencyExponent,
  floatBalance,
  moneyFromMinor,
  type OrderPrice,
} from '@boon/domain';
import { orderFxPayment, type OrderFxPayment } from '@boon/domain/rates';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerOrderingProfile, OrderingDeps } from '../deps.js';
import { FULFIL_ORDER_QUEUE } from '../fulfilment/fulfil-order.js';
import { holdId, holdOrderItems, openHoldAccount } from './order-ledger.js';
import { amount, fxPaymentAnswer, toOrder } from './order-repository.js';

export interface OrderActor {
  customerId: string;
  userId: string;
  email: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PreparedOrder {
  profile: CustomerOrderingProfile;
  /** The order's products, in the order the request named them. */
  products: CatalogProduct[];
  price: OrderPrice;
  faceValue: bigint;
  itemCount: number;
  /** Paid from a balance in another currency: the exchange; undefined when its own pays. */
  fx: (OrderFxPayment & { currency: string }) | undefined;
}

/**
 * The Boon FX rate at which the company's balance in `payFrom` pays for rewards in `currency`:
 * FX on, the balance held, the pair exchangeable. Each refusal names `path`, where the request
 * chose that balance.
 */
export function payingRate(
  payFrom: string,
  currency: string,
  profile: CustomerOrderingProfile,
  path: string,
): string {
  if (!profile.fxEnabled) throw new AppError('fx_not_enabled');
  if (!profile.floats.includes(payFrom)) {
    throw new AppError('currency_not_a_float', [
      { path, message: `This company has no ${payFrom} balance. Choose one of your balances.` },
    ]);
  }
  const rate = orderExchangeRate(payFrom, currency);
  if (!rate) {
    throw new AppError('validation_error', [
      {
        path,
        message: `Boon FX cannot exchange ${payFrom} for ${currency}. Choose another balance to pay from.`,
      },
    ]);
  }
  return rate;
}

/**
 * Which balance pays: the order's currency's own, or with Boon FX on, the one the
 * order names in payFrom, at the rate of the moment, each reward bought on its own.
 */
export function paymentOf(
  body: Pick<OrderCreate, 'currency' | 'payFrom'>,
  profile: CustomerOrderingProfile,
  price: Pick<OrderPrice, 'item'>,
  itemCount: number,
  path = 'body.payFrom',
): PreparedOrder['fx'] {
  const payFrom = body.payFrom ?? body.currency;
  if (payFrom === body.currency) {
    if (!profile.floats.includes(body.currency)) throw new AppError('currency_not_a_float');
    return undefined;
  }
  const rate = payingRate(payFrom, body.currency, profile, path);
  const itemTotal = moneyFromMinor(body.currency, price.item.total);
  return { currency: payFrom, ...orderFxPayment(itemTotal, itemCount, payFrom, rate) };
}

/**
 * Every rule of an order, checked before anything is written: the domain's rules,
 * then the balance that pays. Asks customer management and the catalogue first, outside any
 * transaction (PGlite has one connection).
 */
export async function prepareOrder(
  customerId: string,
  body: OrderCreate,
  deps: OrderingDeps,
  now: Date,
): Promise<PreparedOrder> {
  const profile = await deps.orderingProfile(customerId);
  if (!profile) throw new AppError('no_customers_found');
  const codes = body.productCodes ?? (body.productCode ? [body.productCode] : []);
  if (new Set(codes).size !== codes.length) {
    throw new AppError('validation_error', [
      { path: 'body.productCodes', message: 'Choose each merchant once.' },
    ]);
  }
  const found = await deps.products(codes);
  const itemCount =
    body.deliveryType === 'email' ? (body.recipients?.length ?? 0) : (body.quantity ?? 0);
  const check = checkOrder(
    {
      productCodes: codes,
      currency: body.currency,
      faceValue: body.faceValue,
      itemCount,
      deliverAt: body.deliverAt,
      source: 'PORTAL',
    },
    profile,
    found,
    now,
  );
  if (!check.ok) throw new AppError(check.code, check.fieldErrors);
  if (!profile.balancesEnabled) throw new AppError('balances_not_enabled');
  const fx = paymentOf(body, profile, check.price, itemCount);
  const byCode = new Map(found.map((product) => [product.productCode, product]));
  const products = codes.flatMap((code) => byCode.get(code) ?? []);
  return { profile, products, price: check.price, faceValue: check.faceValue, itemCount, fx };
}

/** POST /orders/estimate: the price and the balance after it; nothing is written. */
export async function estimateOrder(
  customerId: string,
  body: OrderCreate,
  deps: OrderingDeps,
): Promise<OrderEstimate> {
  const { price, itemCount, fx } = await prepareOrder(customerId, body, deps, new Date());
  const payCurrency = fx?.currency ?? body.currency;
  const float = (await floatsOf(deps.db, customerId)).find(
    (account) => account.currency === payCurrency,
  );
  const available = float ? floatBalance(float).available : 0n;
  const after = available - (fx ? fx.total.minor : price.total);
  return {
    currency: body.currency,
    itemCount,
    totals: {
      faceValue: amount(body.currency, price.faceValue),
      discount: amount(body.currency, price.discount),
      fees: amount(body.currency, price.fees),
      total: amount(body.currency, price.total),
    },
    payment: fx ? fxPaymentAnswer(fx.currency, fx.rate, fx.item, itemCount) : null,
    balance: {
      currency: payCurrency,
      available: amount(payCurrency, available),
      after: amount(payCurrency, after),
      sufficient: after >= 0n,
    },
  };
}

/** A new redemption link's token: the spec's WG-SL prefix and 144 random bits. */
export function newRedemptionToken(): string {
  return `${PAYOUT_LINK_PREFIX}-${randomBytes(18).toString('base64url')}`;
}

/** What placing an order writes: the order and one item per reward. */
export interface OrderRows {
  order: OrderRow;
  items: OrderItemRow[];
}

/**
 * The rows of an order that passed every rule (prepareOrder or the bulk batch's check): a link,
 * or a choice the recipient makes, stays claimable for the customer's link lifetime.
 */
export function orderRowsOf(
  actor: OrderActor,
  body: OrderCreate,
  { profile, products, price, faceValue, itemCount, fx }: PreparedOrder,
  now: Date,
  bulkBatchId: string | null = null,
): OrderRows {
  const deliverAt = body.deliverAt ? new Date(body.deliverAt) : null;
  const claimable = body.deliveryType === 'link' || products.length > 1;
  const linksExpireAt = claimable
    ? new Date((deliverAt ?? now).getTime() + profile.linkExpiryDays * DAY_MS)
    : null;
  const orderId = prefixedId('OR-', 12);
  const recipients = body.recipients ?? [];
  const order: OrderRow = {
    id: orderId,
    customerId: actor.customerId,
    status: deliverAt ? 'SCHEDULED' : 'PROCESSING',
    deliveryType: body.deliveryType,
    productCodes: products.map((product) => product.productCode),
    productNames: products.map((product) => product.name),
    currency: body.currency,
    currencyExponent: currencyExponent(body.currency),
    faceValue,
    itemCount,
    totalFaceValue: price.faceValue,
    totalDiscount: price.discount,
    totalFees: price.fees,
    total: price.total,
    itemTotal: price.item.total,
    payCurrency: fx?.currency ?? null,
    fxRate: fx?.rate ?? null,
    payItemExchanged: fx?.item.exchanged.minor ?? null,
    payItemFee: fx?.item.fee.minor ?? null,
    description: body.description || null,
    message: body.message ?? null,
    source: 'PORTAL',
    senderName: profile.name,
    createdByUserId: actor.userId,
    createdByEmail: actor.email,
    deliverAt,
    linksExpireAt,
    createdAt: now,
    searchText: [
      orderId,
      body.description ?? '',
      ...products.map((product) => product.name),
      ...recipients.flatMap((recipient) => [recipient.name, recipient.email]),
    ]
      .join(' ')
      .toLowerCase(),
    bulkBatchId,
  };
  const items: OrderItemRow[] = Array.from({ length: itemCount }, (_, index) => {
    const recipient = recipients[index];
    const id = prefixedId('OI-', 12);
    return {
      id,
      orderId,
      customerId: actor.customerId,
      position: index + 1,
      status: 'PENDING',
      recipientName: recipient?.name ?? null,
      recipientEmail: recipient?.email ?? null,
      redemptionToken: newRedemptionToken(),
      holdTransferId: holdId(id),
      productCode: null,
      supplierReference: null,
      mailId: null,
      failureReason: null,
      attempts: 0,
      issuedAt: null,
      sentAt: null,
      claimedAt: null,
      cancelledAt: null,
      expiresAt: linksExpireAt,
      reminderSentAt: null,
    };
  });
  return { order, items };
}

/**
 * Writes an order and its items in `tx`, holds each item's money on the float (refused whole
 * when the balance is short: the caller's transaction then writes nothing) and queues the
 * fulfilment job, at the scheduled time if there is one. Holding, it needs the account the holds
 * credit opened before the transaction began (`openHoldAccount`, as createOrder does).
 */
export async function placeOrder(
  tx: Database,
  actor: OrderActor,
  { order, items }: OrderRows,
  deps: OrderingDeps,
  now: Date,
  /** False when the caller holds the money itself (a bulk batch: all its orders at once). */
  { hold = true }: { hold?: boolean } = {},
): Promise<void> {
  await tx.insert(orders).values(order);
  for (let i = 0; i < items.length; i += 100) {
    await tx.insert(orderItems).values(items.slice(i, i + 100));
  }
  const delay = order.deliverAt
    ? Math.max(0, Math.ceil((order.deliverAt.getTime() - now.getTime()) / 1000))
    : 0;
  await deps.jobs.send(
    tx,
    FULFIL_ORDER_QUEUE,
    { orderId: order.id },
    delay > 0 ? { startAfterSeconds: delay } : {},
  );
  const paid =
    order.payCurrency && order.payItemExchanged !== null && order.payItemFee !== null
      ? (order.payItemExchanged + order.payItemFee) * BigInt(order.itemCount)
      : undefined;
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'order.create',
    target: order.id,
    details: {
      deliveryType: order.deliveryType,
      productCodes: order.productCodes,
      currency: order.currency,
      items: order.itemCount,
      total: amount(order.currency, order.total),
      ...(order.payCurrency && paid !== undefined
        ? { paidFrom: order.payCurrency, paid: amount(order.payCurrency, paid), rate: order.fxRate }
        : {}),
      ...(order.bulkBatchId ? { bulkBatchId: order.bulkBatchId } : {}),
    },
  });
  // Last: the hold locks the paying float's row until the commit, and every order of the company
  // waits for that lock, so nothing else runs while it is held.
  if (hold) await holdOrderItems(tx, order, items);
}

/**
 * POST /orders: in one transaction the order and its items are written, each
 * item's money is held on the float (refused whole when the balance is short: nothing is
 * written), and the fulfilment job is queued, at the scheduled time if there is one.
 */
export async function createOrder(
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>,
  actor: OrderActor,
  body: OrderCreate,
  deps: OrderingDeps,
): Promise<Order> {
  const now = new Date();
  const prepared = await prepareOrder(actor.customerId, body, deps, now);
  const rows = orderRowsOf(actor, body, prepared, now);
  await openHoldAccount(deps.db, rows.order);
  return transaction(async (tx) => {
    await placeOrder(tx, actor, rows, deps, now);
    return toOrder(rows.order, rows.items, new Map(), deps.publicUrl);
  });
}
