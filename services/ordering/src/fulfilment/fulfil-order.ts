import type { CatalogProduct } from '@boon/catalog';
import { rewardMessageDefaults, type RewardMessage } from '@boon/contracts';
import {
  and,
  eq,
  inArray,
  orderItems,
  orders,
  sql,
  type Database,
  type OrderItemRow,
  type OrderRow,
} from '@boon/db';
import type { JobAttempt } from '@boon/db/jobs';
import { formatDate, formatMoney, moneyFromMinor, UTC_TIME_ZONE } from '@boon/domain';
import { SupplierRefusal, type IssueOutcome } from '@boon/reward-supplier';
import type { OrderingDeps } from '../deps.js';
import { postOrderItems, voidOrderItems } from '../orders/order-ledger.js';
import { redemptionUrl } from '../orders/order-repository.js';

export const FULFIL_ORDER_QUEUE = 'ordering.fulfil-order';

/**
 * Rewards committed together: one supplier call, one transaction, one ledger statement, their
 * mails. Small enough that an order's rewards go out (and its progress shows) in steps, and a
 * worker killed mid-order leaves the steps it finished (the PostgreSQL crash test kills one so).
 */
const CHUNK = 50;

/**
 * Takes an order's pending items through the supplier. Safe to run twice, and to
 * be killed anywhere: an item moves on only from PENDING, in a transaction that also posts its
 * money and queues its mail; the supplier gives the same code again for the same item, so a run
 * that dies after asking and before committing asks again and gets that code, never a second one.
 */
export async function fulfilOrder(
  orderId: string,
  deps: OrderingDeps,
  attempt: JobAttempt,
): Promise<void> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return;
  if (order.status === 'SCHEDULED') {
    await db
      .update(orders)
      .set({ status: 'PROCESSING' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'SCHEDULED')));
  }
  // Links need no code yet (the recipient claims one): a single statement issues them all.
  if (order.deliveryType === 'link') {
    await db
      .update(orderItems)
      .set({ status: 'ISSUED', issuedAt: new Date() })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'PENDING')));
    await settleOrderStatus(db, orderId);
    return;
  }
  const pending = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'PENDING')))
    .orderBy(orderItems.position);
  // A choice of merchants leaves the code to the recipient's claim.
  const [single] = order.productCodes.length === 1 ? await deps.products(order.productCodes) : [];
  let failure: unknown;
  for (let i = 0; i < pending.length; i += CHUNK) {
    try {
      await fulfilEmailItems(order, pending.slice(i, i + CHUNK), single, deps, attempt);
    } catch (error) {
      failure ??= error;
    }
  }
  await settleOrderStatus(db, orderId);
  // Something worth a retry (the supplier did not answer): the job runs again for what is left.
  if (failure) throw failure;
}

/**
 * A chunk of e-mail rewards: the supplier is asked for their codes in one call (it answers the
 * same code for the same item), then one transaction moves every item still PENDING to SENT,
 * posts their holds and puts their mails in the outbox, so the chunk pays for one commit, one
 * ledger statement and one outbox statement rather than one of each per reward.
 */
async function fulfilEmailItems(
  order: OrderRow,
  items: readonly OrderItemRow[],
  single: CatalogProduct | undefined,
  deps: OrderingDeps,
  attempt: JobAttempt,
): Promise<void> {
  const { db } = deps;
  const issued = new Map<string, string | null>();
  let retry: unknown;
  if (!single) {
    // A choice: the recipient picks the merchant, and the code is issued then.
    for (const item of items) issued.set(item.id, null);
  } else {
    const requests = items.map((item) => ({
      key: item.id,
      productCode: single.productCode,
      currency: order.currency,
      faceValue: order.faceValue,
    }));
    // The call failing as a whole is every reward unanswered, as is one it gave no outcome for:
    // each then takes the retry, or its last attempt's refusal, never silence.
    const outcomes: IssueOutcome[] = await deps.supplier
      .issueMany(requests)
      .catch((error: unknown) => requests.map(() => ({ ok: false as const, error })));
    const unanswered: string[] = [];
    for (const [index, item] of items.entries()) {
      const outcome: IssueOutcome = outcomes[index] ?? {
        ok: false,
        error: new Error('The supplier gave no answer for this reward.'),
      };
      if (outcome.ok) {
        issued.set(item.id, outcome.code.reference);
      } else if (outcome.error instanceof SupplierRefusal || attempt.isLast) {
        await failItem(db, order, item.id, reasonOf(outcome.error));
      } else {
        unanswered.push(item.id);
        retry ??= outcome.error;
      }
    }
    if (unanswered.length > 0) {
      await db
        .update(orderItems)
        .set({ attempts: sql`${orderItems.attempts} + 1` })
        .where(inArray(orderItems.id, unanswered));
    }
  }
  if (issued.size > 0) {
    await db.transaction(async (tx) => {
      const now = new Date();
      const values = sql.join(
        [...issued].map(([id, reference]) => sql`(${id}, ${reference}::text)`),
        sql`, `,
      );
      const moved = (await tx.execute(sql`
        update ${orderItems}
           set status = 'SENT', issued_at = ${now.toISOString()}::timestamptz,
               sent_at = ${now.toISOString()}::timestamptz,
               product_code = ${single?.productCode ?? null},
               supplier_reference = chosen.reference
          from (values ${values}) as chosen(id, reference)
         where ${orderItems.id} = chosen.id and ${orderItems.status} = 'PENDING'
        returning ${orderItems.id}`)) as unknown as { rows: { id: string }[] };
      const ids = moved.rows.map((row) => row.id);
      const claimed =
        ids.length === 0
          ? []
          : await tx.select().from(orderItems).where(inArray(orderItems.id, ids));
      // Others (an earlier run, a cancel) got here first for the rest.
      if (claimed.length === 0) return;
      // A code issued is paid for; a choice is paid when the recipient claims it.
      if (single)
        await postOrderItems(
          tx,
          order,
          claimed.map((item) => item.id),
        );
      const mailed = await deps.mailer.sendMany(
        tx,
        claimed.map((item) => rewardMail(order, item, single, deps)),
      );
      const sent = sql.join(
        claimed.map((item, index) => sql`(${item.id}, ${mailed[index]!.id}::bigint)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${orderItems} set mail_id = sent.mail_id
          from (values ${sent}) as sent(id, mail_id)
         where ${orderItems.id} = sent.id`);
    });
  }
  if (retry) throw retry;
}

function reasonOf(error: unknown): string {
  if (error instanceof SupplierRefusal) return error.reason;
  return 'The supplier did not answer, after several tries.';
}

/** A reward the supplier would not issue: its money goes back to the balance. */
async function failItem(db: Database, order: OrderRow, itemId: string, reason: string) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(orderItems)
      .set({ status: 'FAILED', failureReason: reason })
      .where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'PENDING')))
      .returning({ id: orderItems.id });
    if (failed) await voidOrderItems(tx, order, [itemId], 'CANCELLATION');
  });
}

/**
 * The order's status from its items': done issuing when none is PENDING (COMPLETED, or FAILED
 * when every one failed); a cancel's statuses stand.
 */
export async function settleOrderStatus(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${orders} set status = case
        when counts.failed = counts.total then 'FAILED'
        else 'COMPLETED' end
    from (
      select count(*) as total,
             count(*) filter (where status = 'FAILED') as failed,
             count(*) filter (where status = 'PENDING') as pending
      from ${orderItems} where order_id = ${orderId}
    ) as counts
    where ${orders.id} = ${orderId} and ${orders.status} = 'PROCESSING' and counts.pending = 0`);
}

/** The reward's mail: the sender's message, the value, and the link to the reward's page. */
export function rewardMail(
  order: OrderRow,
  item: OrderItemRow,
  single: CatalogProduct | undefined,
  deps: Pick<OrderingDeps, 'publicUrl' | 'productName'>,
) {
  const message = (order.message as RewardMessage | null) ?? rewardMessageDefaults;
  const value = formatMoney(moneyFromMinor(order.currency, order.faceValue));
  const what = single ? `a ${value} ${single.name} reward` : `a ${value} reward`;
  const sender = order.senderName || deps.productName;
  return {
    kind: 'reward',
    to: item.recipientEmail ?? '',
    subject: `${message.header} You have ${what}`,
    content: {
      heading: message.header,
      paragraphs: [
        `Hello ${item.recipientName ?? ''},`.replace(/ ,$/, ','),
        message.body,
        single
          ? `${sender} sent you ${what}. Open it to see your code and how to use it.`
          : `${sender} sent you ${what}. Open it to choose where to spend it.`,
      ],
      action: {
        label: 'Open your reward',
        url: redemptionUrl(deps.publicUrl, item.redemptionToken),
      },
      accent: message.colour,
      footnote:
        item.expiresAt !== null
          ? `Choose your reward by ${formatDate(item.expiresAt, { locale: 'en-GB', timeZone: UTC_TIME_ZONE })} (UTC); the link expires after that.`
          : 'Keep this mail: the link shows your code whenever you need it.',
    },
  };
}
