import type { Trade } from '@boon/contracts';
import { and, eq, fxQuotes, fxTrades, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerBillingProfile } from '../deps.js';
import { createTransfers, type TransferInput } from '../ledger/create-transfers.js';
import { openFloat, openProviderAccount } from '../ledger/ledger-accounts.js';
import { requireExchangeable } from './create-fx-quote.js';
import { toTrade } from './fx-repository.js';

/**
 * Makes a quote's exchange: the sell float pays the exchanged amount into the FX
 * pool and the fee into fee revenue, and the FX pool pays the buy float, as one linked batch in
 * the request's transaction, so all of it happens or none (an overdraw refuses the batch and no
 * trade is written). The quote is locked and used once.
 */
export async function createTrade(
  tx: Database,
  actor: { customerId: string; userId: string },
  profile: CustomerBillingProfile | undefined,
  quoteId: string,
  now = new Date(),
): Promise<Trade> {
  const [quote] = await tx
    .select()
    .from(fxQuotes)
    .where(and(eq(fxQuotes.id, quoteId), eq(fxQuotes.customerId, actor.customerId)))
    .limit(1)
    .for('update');
  if (!quote) throw new AppError('fx_quote_not_found');
  requireExchangeable(profile, [quote.sellCurrency, quote.buyCurrency]);
  if (quote.tradeId) throw new AppError('fx_quote_used');
  if (quote.expiresAt.getTime() <= now.getTime()) throw new AppError('fx_quote_expired');

  const tradeId = prefixedId('TR-', 12);
  const sellFloat = await openFloat(tx, actor.customerId, quote.sellCurrency);
  const buyFloat = await openFloat(tx, actor.customerId, quote.buyCurrency);
  const poolIn = await openProviderAccount(tx, 'fx_pool', quote.sellCurrency);
  const poolOut = await openProviderAccount(tx, 'fx_pool', quote.buyCurrency);
  const fees = await openProviderAccount(tx, 'fee_revenue', quote.sellCurrency);
  const legs: TransferInput[] = [
    {
      id: `${tradeId}:out`,
      kind: 'posted',
      debitAccountId: sellFloat,
      creditAccountId: poolIn,
      amount: quote.exchangedAmount,
      currency: quote.sellCurrency,
      code: 'CURRENCY_EXCHANGE:FX_TRANSFERS_OUT',
      reference: tradeId,
    },
    {
      id: `${tradeId}:in`,
      kind: 'posted',
      debitAccountId: poolOut,
      creditAccountId: buyFloat,
      amount: quote.buyAmount,
      currency: quote.buyCurrency,
      code: 'CURRENCY_EXCHANGE:FX_TRANSFERS_IN',
      reference: tradeId,
    },
  ];
  if (quote.feeAmount > 0n) {
    legs.push({
      id: `${tradeId}:fee`,
      kind: 'posted',
      debitAccountId: sellFloat,
      creditAccountId: fees,
      amount: quote.feeAmount,
      currency: quote.sellCurrency,
      code: 'CURRENCY_EXCHANGE:FX_FEES',
      reference: tradeId,
    });
  }
  await createTransfers(tx, legs);
  const [trade] = await tx
    .insert(fxTrades)
    .values({
      id: tradeId,
      customerId: actor.customerId,
      quoteId: quote.id,
      status: 'SUCCESSFUL',
      createdByUserId: actor.userId,
      createdAt: now,
    })
    .returning();
  const [used] = await tx
    .update(fxQuotes)
    .set({ tradeId })
    .where(eq(fxQuotes.id, quote.id))
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'fx_trade.create',
    target: tradeId,
    details: { quoteId: quote.id, sell: quote.sellCurrency, buy: quote.buyCurrency },
  });
  return toTrade(trade!, used!);
}
