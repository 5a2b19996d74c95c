import { and, eq, gt, inArray, isNotNull, isNull, lte, orderItems, orders } from '@boon/db';
import { job } from '../deps.js';
import { rewardMail } from '../fulfilment/fulfil-order.js';

export const LINK_REMINDERS_QUEUE = 'ordering.link-reminders';
const REMINDER_DAYS = 7;

/**
 * Hourly: a recipient who has not claimed an e-mailed reward gets one reminder 7 days before it
 * expires (decisions.md). A link handed out by the customer has no address to remind.
 */
export const linkRemindersJob = job(
  LINK_REMINDERS_QUEUE,
  async (_data, _attempt, deps) => {
    const { db } = deps;
    const now = new Date();
    const soon = new Date(now.getTime() + REMINDER_DAYS * 24 * 60 * 60 * 1000);
    const due = await db
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          inArray(orderItems.status, ['SENT']),
          isNotNull(orderItems.recipientEmail),
          isNull(orderItems.claimedAt),
          isNull(orderItems.reminderSentAt),
          gt(orderItems.expiresAt, now),
          lte(orderItems.expiresAt, soon),
        ),
      )
      .limit(500);
    for (const { item, order } of due) {
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(orderItems)
          .set({ reminderSentAt: new Date() })
          .where(and(eq(orderItems.id, item.id), isNull(orderItems.reminderSentAt)))
          .returning();
        if (!claimed) return;
        const mail = rewardMail(order, claimed, undefined, deps);
        await deps.mailer.send(tx, {
          ...mail,
          kind: 'reward-reminder',
          subject: `Reminder: your reward expires soon`,
        });
      });
    }
  },
  { schedule: '15 * * * *' },
);
