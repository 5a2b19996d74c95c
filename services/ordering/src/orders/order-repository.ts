import type {
  EmailStatus,
  Order,
  OrderFxPayment,
  OrderItem,
  OrderListFilters,
  OrderSummary,
  RewardMessage,
} from '@boon/contracts';
import {
  and,
  asc,
  desc,
  eq,
  orderItems,
  orders,
  sql,
  type Database,
  type OrderItemRow,
  type OrderRow,
} from '@boon/db';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import type { MailDelivery } from '@boon/mail';
import { decodeKeysetCursor, encodeKeysetCursor, fieldError } from '@boon/service-kit';

/** Minor units as the API's decimal string in the currency's units ("12.50"). */
export const amount = (currency: string, minor: bigint) =>
  toDecimalString(moneyFromMinor(currency, minor));

/** The page a reward's link opens: `/redeem/WG-SL-…` on the product's origin. */
export function redemptionUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/redeem/${token}`;
}

/** An order's exchange, from one reward's share (every reward pays the same). */
export function fxPaymentAnswer(
  currency: string,
  rate: string,
  item: { exchanged: { minor: bigint }; fee: { minor: bigint } },
  itemCount: number,
): OrderFxPayment {
  const count = BigInt(itemCount);
  return {
    currency,
    rate,
    exchanged: amount(currency, item.exchanged.minor * count),
    fee: amount(currency, item.fee.minor * count),
    total: amount(currency, (item.exchanged.minor + item.fee.minor) * count),
  };
}

function paymentOf(row: OrderRow): OrderFxPayment | null {
  if (row.payCurrency === null || row.fxRate === null) return null;
  return fxPaymentAnswer(
    row.payCurrency,
    row.fxRate,
    { exchanged: { minor: row.payItemExchanged ?? 0n }, fee: { minor: row.payItemFee ?? 0n } },
    row.itemCount,
  );
}

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    orderId: row.id,
    status: row.status,
    deliveryType: row.deliveryType,
    productCodes: row.productCodes,
    productNames: row.productNames,
    currency: row.currency,
    faceValue: amount(row.currency, row.faceValue),
    itemCount: row.itemCount,
    totals: {
      faceValue: amount(row.currency, row.totalFaceValue),
      discount: amount(row.currency, row.totalDiscount),
      fees: amount(row.currency, row.totalFees),
      total: amount(row.currency, row.total),
    },
    payment: paymentOf(row),
    description: row.description,
    source: row.source as OrderSummary['source'],
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    deliverAt: row.deliverAt?.toISOString() ?? null,
    bulkBatchId: row.bulkBatchId,
  };
}

/** Spec 3's e-mail status, from where the reward's mail is. */
export function emailStatusOf(
  item: OrderItemRow,
  mail: MailDelivery | undefined,
): EmailStatus | null {
  if (item.recipientEmail === null) return null;
  if (item.mailId === null) return 'email-queued';
  if (!mail) return 'email-queued';
  if (mail.status === 'failed') return 'email-undeliverable';
  // With no SMTP configured the outbox is the delivery: a stored mail has been sent.
  return mail.status === 'queued' ? 'email-queued' : 'email-sent';
}

/** Why a reward did not reach its recipient: the mail's bounce, or the supplier's refusal. */
function deliveryErrorOf(
  item: OrderItemRow,
  emailStatus: EmailStatus | null,
  mail: MailDelivery | undefined,
): string | null {
  if (emailStatus === 'email-undeliverable') {
    return mail?.error ?? 'The mail could not be delivered.';
  }
  return item.status === 'FAILED' ? item.failureReason : null;
}

export function toOrderItem(
  item: OrderItemRow,
  mail: MailDelivery | undefined,
  publicUrl: string,
): OrderItem {
  const emailStatus = emailStatusOf(item, mail);
  return {
    itemId: item.id,
    status: item.status,
    recipient:
      item.recipientEmail !== null
        ? { name: item.recipientName ?? '', email: item.recipientEmail }
        : null,
    emailStatus,
    deliveryError: deliveryErrorOf(item, emailStatus, mail),
    // The link is the customer's to hand out (link delivery); an e-mail reward's is the recipient's.
    redemptionUrl:
      item.recipientEmail === null && item.status !== 'PENDING' && item.status !== 'FAILED'
        ? redemptionUrl(publicUrl, item.redemptionToken)
        : null,
    productCode: item.productCode,
    claimedAt: item.claimedAt?.toISOString() ?? null,
    expiresAt: item.expiresAt?.toISOString() ?? null,
  };
}

export function toOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  mails: Map<number, MailDelivery>,
  publicUrl: string,
): Order {
  const done = items.filter((item) => item.status !== 'PENDING').length;
  return {
    ...toOrderSummary(row),
    message: (row.message as RewardMessage | null) ?? null,
    items: items.map((item) =>
      toOrderItem(item, item.mailId === null ? undefined : mails.get(item.mailId), publicUrl),
    ),
    progress: { done, total: items.length },
  };
}

/** One of the customer's orders, without its items. */
export async function findOrderRow(
  db: Database,
  customerId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  return order;
}

export async function findOrder(
  db: Database,
  customerId: string,
  orderId: string,
): Promise<{ order: OrderRow; items: OrderItemRow[] } | undefined> {
  const order = await findOrderRow(db, customerId, orderId);
  if (!order) return undefined;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  return { order, items };
}

/**
 * A page of the customer's orders (spec 3's filters), sorted on the server by date or total, with
 * a keyset cursor over (sort key, id).
 */
/**
 * Every merchant the customer has ordered from (each order keeps its merchants' codes and names),
 * by name: the few a company uses, rather than the network's thousands.
 */
export async function listOrderedMerchants(
  db: Database,
  customerId: string,
): Promise<{ productCode: string; name: string; currency: string }[]> {
  const found = (await db.execute(sql`
    select distinct on (merchant.product_code)
           merchant.product_code, merchant.name, ${orders.currency} as currency
    from ${orders},
         unnest(${orders.productCodes}, ${orders.productNames}) as merchant(product_code, name)
    where ${orders.customerId} = ${customerId}
    order by merchant.product_code, ${orders.createdAt} desc`)) as unknown as {
    rows: { product_code: string; name: string; currency: string }[];
  };
  return found.rows
    .map((row) => ({ productCode: row.product_code, name: row.name, currency: row.currency }))
    .sort(
      (a, b) => a.name.localeCompare(b.name, 'en') || a.productCode.localeCompare(b.productCode),
    );
}

export async function listOrders(
  db: Database,
  customerId: string,
  query: OrderListFilters,
): Promise<{ items: OrderSummary[]; nextCursor: string | null }> {
  const where = [eq(orders.customerId, customerId)];
  if (query.search) {
    const term = query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`${orders.searchText} like ${`%${term}%`}`);
  }
  if (query.from) where.push(sql`${orders.createdAt} >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) {
    where.push(sql`${orders.createdAt} < (${query.to}::date + 1)::timestamptz`);
  }
  if (query.products) {
    const codes = query.products
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
    if (codes.length > 0) {
      const list = sql.join(
        codes.map((code) => sql`${code}`),
        sql`, `,
      );
      where.push(sql`${orders.productCodes} && array[${list}]::text[]`);
    }
  }
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.batchId) where.push(eq(orders.bulkBatchId, query.batchId));
  // The value range is on the order's total face value, in its own currency's units.
  if (query.minValue !== undefined) {
    where.push(
      sql`${orders.totalFaceValue} >= ${query.minValue}::numeric * power(10, ${orders.currencyExponent})`,
    );
  }
  if (query.maxValue !== undefined) {
    where.push(
      sql`${orders.totalFaceValue} <= ${query.maxValue}::numeric * power(10, ${orders.currencyExponent})`,
    );
  }
  const sortColumn = query.sort === 'total' ? orders.total : orders.createdAt;
  const ascending = query.direction === 'asc';
  if (query.cursor !== undefined) {
    const keys = decodeKeysetCursor(query.cursor, 2);
    if (!keys) {
      throw fieldError(
        'query.cursor',
        'This page link is out of date. Start again from the first page.',
      );
    }
    const [key = '', id = ''] = keys;
    const keyValue = query.sort === 'total' ? sql`${key}::bigint` : sql`${key}::timestamptz`;
    where.push(
      ascending
        ? sql`(${sortColumn}, ${orders.id}) > (${keyValue}, ${id})`
        : sql`(${sortColumn}, ${orders.id}) < (${keyValue}, ${id})`,
    );
  }
  const order = ascending ? asc : desc;
  const rows = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(order(sortColumn), order(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toOrderSummary),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeysetCursor([
            query.sort === 'total' ? String(last.total) : last.createdAt.toISOString(),
            last.id,
          ])
        : null,
  };
}

/** An order as the API answers it, with its mails' delivery; read through `db` (or the open tx). */
export async function orderView(
  db: Database,
  customerId: string,
  orderId: string,
  deps: {
    publicUrl: string;
    mailDeliveries(db: Database, ids: readonly number[]): Promise<Map<number, MailDelivery>>;
  },
): Promise<Order | undefined> {
  const found = await findOrder(db, customerId, orderId);
  if (!found) return undefined;
  const mailIds = found.items.flatMap((item) => (item.mailId === null ? [] : [item.mailId]));
  const mails = await deps.mailDeliveries(db, mailIds);
  return toOrder(found.order, found.items, mails, deps.publicUrl);
}
