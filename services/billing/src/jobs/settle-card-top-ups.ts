import { and, asc, eq, lt, topUps } from '@boon/db';
import { job } from '../deps.js';
import { settleCardTopUp } from '../top-ups/settle-card-top-up.js';

/** A card payment younger than this is left to the console, which confirms it itself. */
const GRACE_MS = 60_000;

/**
 * Every minute: card top-ups still PENDING after the console had its chance (the cardholder passed
 * 3-D Secure and closed the tab; the confirm request was lost) are settled as the processor says
 * they ended, and those whose challenge timed out fail. Safe to run twice, or beside a confirm:
 * settling locks the top-up and its ledger transfers have the top-up's ids.
 */
export const settleCardTopUpsJob = job(
  'billing.settle-card-top-ups',
  async (_data, _attempt, { db, cardProcessor }) => {
    const waiting = await db
      .select({ id: topUps.id, paymentId: topUps.processorPaymentId })
      .from(topUps)
      .where(
        and(
          eq(topUps.method, 'card'),
          eq(topUps.status, 'PENDING'),
          lt(topUps.createdAt, new Date(Date.now() - GRACE_MS)),
        ),
      )
      .orderBy(asc(topUps.createdAt))
      .limit(200);
    for (const { id, paymentId } of waiting) {
      if (paymentId === null) continue;
      const payment = await cardProcessor.getPayment(paymentId);
      if (!payment || payment.status === 'requires_action') continue;
      await db.transaction((tx) => settleCardTopUp(tx, id, payment, null));
    }
  },
  { schedule: '* * * * *' },
);
