import type { CardFailureReason, CardTopUpCreate, TopUp } from '@boon/contracts';
import { cardCharge, cardTopUpMaxMinor, isCardPaymentCurrency } from '@boon/domain';
import { and, eq, sql, topUps, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit, type RouteCall } from '@boon/service-kit';
import type { BillingDeps } from '../deps.js';
import { openFloat } from '../ledger/ledger-accounts.js';
import { minorUnits } from './amount.js';
import { requireFundable, type TopUpActor } from './create-bank-top-up.js';
import { settleCardTopUp } from './settle-card-top-up.js';
import { toTopUp, type TopUpRow } from './top-up-repository.js';

type Deps = Pick<
  BillingDeps,
  'db' | 'customerProfile' | 'balancesTermsAccepted' | 'cardProcessor' | 'savedCardToken'
>;

/**
 * A card top-up: charges the card the amount and, with card fees, the fee on top,
 * then credits the amount. In three steps, so that no charge is ever without its record:
 * 1. the top-up is recorded PENDING with the key the charge will be made under, and committed;
 * 2. the processor is asked, outside any database transaction (it is another party, and PGlite
 *    has one connection), under that key: a retry finds the same charge, never a second one;
 * 3. in the request's own transaction, the top-up takes the payment and is settled (credited,
 *    failed, or left waiting for 3-D Secure, which the console then confirms).
 * If the process dies between 2 and 3, the settling job finds the charge by the recorded key.
 * A declined card leaves a FAILED top-up, moves no money and answers card_declined.
 */
export async function createCardTopUp(
  call: Pick<RouteCall<never>, 'transaction'> & { idempotencyKey: string },
  actor: TopUpActor,
  request: CardTopUpCreate,
  deps: Deps,
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
  const processorKey = `top-up:${actor.customerId}:${call.idempotencyKey}`;
  const row = await recordAttempt(deps.db, actor, request, charge, processorKey);
  // The key was used before for another amount or currency: never charge or credit for it.
  if (row.amount !== amount || row.currency !== request.currency) {
    throw new AppError('idempotency_key_reused');
  }
  if (row.status !== 'PENDING') return toTopUp(row);

  const payment = await deps.cardProcessor.charge({
    token,
    currency: request.currency,
    amount: charge.total,
    reference: row.id,
    idempotencyKey: processorKey,
  });
  if (!payment) {
    await failCardTopUp(deps.db, row.id, 'not_charged');
    throw new AppError('card_token_invalid');
  }
  if (payment.amount !== charge.total || payment.currency !== request.currency) {
    throw new AppError('idempotency_key_reused');
  }
  if (payment.status === 'declined') {
    // Recorded as FAILED (its own transaction: the request's answer is the refusal).
    const settled = await deps.db.transaction(async (tx) => {
      await attachPayment(tx, row.id, payment);
      return settleCardTopUp(tx, row.id, payment, actor.userId);
    });
    throw new AppError(settled.failureReason === 'expired_card' ? 'card_expired' : 'card_declined');
  }
  return call.transaction(async (tx) => {
    await attachPayment(tx, row.id, payment);
    return settleCardTopUp(tx, row.id, payment, actor.userId);
  });
}

/** Step 1: the attempt, committed before the card is charged (or the one a retry made). */
async function recordAttempt(
  db: Database,
  actor: TopUpActor,
  request: CardTopUpCreate,
  charge: { amount: bigint; fee: bigint },
  processorKey: string,
): Promise<TopUpRow> {
  return db.transaction(async (tx) => {
    await openFloat(tx, actor.customerId, request.currency);
    const id = prefixedId('TU-', 10);
    const [created] = await tx
      .insert(topUps)
      .values({
        id,
        customerId: actor.customerId,
        method: 'card',
        status: 'PENDING',
        currency: request.currency,
        amount: charge.amount,
        feeAmount: charge.fee,
        paymentReference: id,
        processorKey,
        createdByUserId: actor.userId,
        notifyEmail: actor.email,
        createdAt: new Date(),
      })
      // The key's index is partial (card top-ups only): the conflict names its predicate.
      .onConflictDoNothing({
        target: topUps.processorKey,
        where: sql`${topUps.processorKey} is not null`,
      })
      .returning();
    if (created) {
      await recordAudit(tx, {
        actorUserId: actor.userId,
        customerId: actor.customerId,
        action: 'top_up.create',
        target: id,
        details: { method: 'card', currency: request.currency, amount: request.amount },
      });
      return created;
    }
    const [earlier] = await tx
      .select()
      .from(topUps)
      .where(and(eq(topUps.processorKey, processorKey), eq(topUps.customerId, actor.customerId)));
    if (!earlier) throw new AppError('idempotency_key_reused');
    return earlier;
  });
}

/** The processor's payment on the top-up, and the card as a person recognises it. */
export async function attachPayment(
  tx: Database,
  topUpId: string,
  payment: { paymentId: string; card: { brand: string; last4: string } },
): Promise<void> {
  await tx
    .update(topUps)
    .set({
      processorPaymentId: payment.paymentId,
      cardBrand: payment.card.brand,
      cardLast4: payment.card.last4,
    })
    .where(and(eq(topUps.id, topUpId), eq(topUps.status, 'PENDING')));
}

/** A card top-up still PENDING that ends without a charge to settle: FAILED, for the reason. */
export async function failCardTopUp(
  db: Database,
  topUpId: string,
  reason: CardFailureReason,
): Promise<void> {
  await db
    .update(topUps)
    .set({ status: 'FAILED', failureReason: reason, completedAt: new Date() })
    .where(and(eq(topUps.id, topUpId), eq(topUps.status, 'PENDING')));
}
