import { and, asc, eq, lt, topUps } from '@boon/db';
import { job } from '../deps.js';
import { attachPayment, failCardTopUp } from '../top-ups/create-card-top-up.js';
import { settleCardTopUp } from '../top-ups/settle-card-top-up.js';

/** A card payment younger than this is left to the request or the console, which settle it. */
const GRACE_MS = 60_000;
/** An attempt the processor still knows no charge for after this was never charged. */
const NEVER_CHARGED_MS = 15 * 60_000;

/**
 * Every minute: card top-ups still PENDING after the console had its chance are brought in line
 * with the processor: the cardholder passed 3-D Secure and closed the tab, the confirm was lost,
 * or the process died between charging the card and recording the payment (the charge is found
 * by the key recorded before it). One the processor knows no charge for, long after, is FAILED.
 * Safe to run twice, or beside a confirm: settling locks the top-up and its ledger transfers
 * have the top-up's ids.
 */
export const settleCardTopUpsJob = job(
  'billing.settle-card-top-ups',
  async (_data, _attempt, { db, cardProcessor }) => {
    const now = Date.now();
    const waiting = await db
      .select()
      .from(topUps)
      .where(
        and(
          eq(topUps.method, 'card'),
          eq(topUps.status, 'PENDING'),
          lt(topUps.createdAt, new Date(now - GRACE_MS)),
        ),
      )
      .orderBy(asc(topUps.createdAt))
      .limit(200);
    for (const row of waiting) {
      const payment = row.processorPaymentId
        ? await cardProcessor.getPayment(row.processorPaymentId)
        : row.processorKey
          ? await cardProcessor.findPaymentByKey(row.processorKey)
          : undefined;
      if (!payment) {
        if (row.processorPaymentId === null && row.createdAt.getTime() < now - NEVER_CHARGED_MS) {
          await failCardTopUp(db, row.id, 'not_charged');
        }
        continue;
      }
      if (payment.status === 'requires_action') continue;
      await db.transaction(async (tx) => {
        if (row.processorPaymentId === null) await attachPayment(tx, row.id, payment);
        await settleCardTopUp(tx, row.id, payment, null);
      });
    }
  },
  { schedule: '* * * * *' },
);
