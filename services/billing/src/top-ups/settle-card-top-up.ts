import type { CardFailureReason, TopUp } from '@boon/contracts';
import type { ProcessorPayment } from '@boon/card-processor';
import { eq, topUps, type Database } from '@boon/db';
import { recordAudit } from '@boon/service-kit';
import { createTransfers } from '../ledger/create-transfers.js';
import { floatAccountId, openFloat, openProviderAccount } from '../ledger/ledger-accounts.js';
import { topUpTransferId } from './receive-bank-top-up.js';
import { lockTopUp, toTopUp } from './top-up-repository.js';

const failureReasons = new Set<string>([
  'not_charged',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'authentication_failed',
  'authentication_expired',
]);

/**
 * Brings a card top-up in line with how the processor says its payment ended, in the caller's
 * transaction: a succeeded payment credits the balance (what was charged in from card clearing,
 * then the card fee out to fee revenue, linked: both or neither), a failed one marks the top-up
 * FAILED. The row is locked and the transfer ids are the top-up's, so the console's confirm, the
 * settling job and a retry of either credit a payment exactly once.
 */
export async function settleCardTopUp(
  tx: Database,
  topUpId: string,
  payment: ProcessorPayment,
  actorUserId: string | null,
): Promise<TopUp> {
  const row = await lockTopUp(tx, topUpId);
  if (!row) throw new Error(`Top-up ${topUpId} vanished while settling`);
  if (row.status !== 'PENDING' || payment.paymentId !== row.processorPaymentId) {
    return toTopUp(row);
  }
  if (payment.status === 'requires_action') return toTopUp(row, payment.challengeUrl);
  if (payment.amount !== row.amount + row.feeAmount || payment.currency !== row.currency) {
    // Never credit other than what the card was charged; a person must look at this one.
    throw new Error(`Top-up ${row.id} does not match its card payment ${payment.paymentId}`);
  }

  if (payment.status === 'succeeded') {
    const clearing = await openProviderAccount(tx, 'card_clearing', row.currency);
    const feeRevenue = await openProviderAccount(tx, 'fee_revenue', row.currency);
    await openFloat(tx, row.customerId, row.currency);
    const float = floatAccountId(row.customerId, row.currency);
    const charged = row.amount + row.feeAmount;
    await createTransfers(tx, [
      {
        id: topUpTransferId(row.id),
        kind: 'posted',
        debitAccountId: clearing,
        creditAccountId: float,
        amount: charged,
        currency: row.currency,
        code: 'TOP_UP:CARD_PAYMENT',
        reference: row.paymentReference,
      },
      ...(row.feeAmount > 0n
        ? [
            {
              id: `${topUpTransferId(row.id)}:fee`,
              kind: 'posted' as const,
              debitAccountId: float,
              creditAccountId: feeRevenue,
              amount: row.feeAmount,
              currency: row.currency,
              code: 'FEES:CARD_PAYMENT_FEE',
              reference: row.paymentReference,
            },
          ]
        : []),
    ]);
    const [updated] = await tx
      .update(topUps)
      .set({ status: 'COMPLETED', receivedAmount: row.amount, completedAt: new Date() })
      .where(eq(topUps.id, row.id))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      customerId: row.customerId,
      action: 'top_up.card_paid',
      target: row.id,
      details: { status: { from: 'PENDING', to: 'COMPLETED' }, payment: payment.paymentId },
    });
    return toTopUp(updated!);
  }

  const reason: CardFailureReason = failureReasons.has(payment.declineCode ?? '')
    ? (payment.declineCode as CardFailureReason)
    : 'card_declined';
  const [updated] = await tx
    .update(topUps)
    .set({ status: 'FAILED', failureReason: reason, completedAt: new Date() })
    .where(eq(topUps.id, row.id))
    .returning();
  await recordAudit(tx, {
    actorUserId,
    customerId: row.customerId,
    action: 'top_up.card_failed',
    target: row.id,
    details: { status: { from: 'PENDING', to: 'FAILED' }, reason },
  });
  return toTopUp(updated!);
}
