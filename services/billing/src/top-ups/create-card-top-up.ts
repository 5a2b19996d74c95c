import type { CardTopUpCreate, TopUp } from '@boon/contracts';
import { cardCharge, cardTopUpMaxMinor, isCardPaymentCurrency } from '@boon/domain';
import { topUps } from '@boon/db';
import { AppError, prefixedId, recordAudit, type RouteCall } from '@boon/service-kit';
import type { BillingDeps } from '../deps.js';
import { openFloat } from '../ledger/ledger-accounts.js';
import { minorUnits } from './amount.js';
import { requireFundable, type TopUpActor } from './create-bank-top-up.js';
import { settleCardTopUp } from './settle-card-top-up.js';

/**
 * A card top-up (issue 12 §3): charges the card the amount and, with card fees, the fee on top,
 * then credits the amount. The processor is asked outside any database transaction (it is another
 * party, and PGlite has one connection); the request's Idempotency-Key is the charge's, so a retry
 * after a crash finds the same payment (and its top-up id, the charge's reference) instead of
 * charging twice. A declined card writes nothing here and answers card_declined. A payment that
 * needs 3-D Secure is stored PENDING with the challenge to show; the console confirms it after.
 */
export async function createCardTopUp(
  call: Pick<RouteCall<never>, 'transaction'> & { idempotencyKey: string },
  actor: TopUpActor,
  request: CardTopUpCreate,
  deps: Pick<
    BillingDeps,
    'customerProfile' | 'balancesTermsAccepted' | 'cardProcessor' | 'savedCardToken'
  >,
): Promise<TopUp> {
  const profile = requireFundable(
    await deps.customerProfile(actor.customerId),
    request.currency,
    await deps.balancesTermsAccepted(actor.userId),
  );
  if (!isCardPaymentCurrency(request.currency)) throw new AppError('card_currency_not_supported');
  const amount = minorUnits(request.amount, request.currency, 'amount');
  if (amount > cardTopUpMaxMinor(request.currency)) throw new AppError('card_amount_too_large');

  const token =
    request.savedCardId === undefined
      ? request.cardToken
      : await deps.savedCardToken(actor.customerId, request.savedCardId);
  if (token === undefined) throw new AppError('card_not_found');

  const charge = cardCharge(amount, profile.cardFees);
  const payment = await deps.cardProcessor.charge({
    token,
    currency: request.currency,
    amount: charge.total,
    reference: prefixedId('TU-', 10),
    idempotencyKey: `top-up:${actor.customerId}:${call.idempotencyKey}`,
  });
  if (!payment) throw new AppError('card_token_invalid');
  // The processor answers a known key with its first charge, whatever this request asks: after a
  // retry with other details, crediting this request's amount would credit what was not charged.
  if (payment.amount !== charge.total || payment.currency !== request.currency) {
    throw new AppError('idempotency_key_reused');
  }
  if (payment.status === 'declined') {
    throw new AppError(payment.declineCode === 'expired_card' ? 'card_expired' : 'card_declined');
  }

  return call.transaction(async (tx) => {
    await openFloat(tx, actor.customerId, request.currency);
    // The charge's reference: the first attempt's id, also when this is a retry.
    const id = payment.reference;
    await tx
      .insert(topUps)
      .values({
        id,
        customerId: actor.customerId,
        method: 'card',
        status: 'PENDING',
        currency: request.currency,
        amount,
        feeAmount: charge.fee,
        paymentReference: id,
        processorPaymentId: payment.paymentId,
        cardBrand: payment.card.brand,
        cardLast4: payment.card.last4,
        createdByUserId: actor.userId,
        notifyEmail: actor.email,
        createdAt: new Date(),
      })
      .onConflictDoNothing();
    await recordAudit(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'top_up.create',
      target: id,
      details: { method: 'card', currency: request.currency, amount: request.amount },
    });
    return settleCardTopUp(tx, id, payment, actor.userId);
  });
}
