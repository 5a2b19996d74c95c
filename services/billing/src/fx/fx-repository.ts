import type { FxQuote, Trade } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { and, eq, fxQuotes, fxTrades, type Database } from '@boon/db';

export type QuoteRow = typeof fxQuotes.$inferSelect;
export type TradeRow = typeof fxTrades.$inferSelect;

export function toFxQuote(row: QuoteRow): FxQuote {
  const sell = (minor: bigint) => toDecimalString(moneyFromMinor(row.sellCurrency, minor));
  return {
    quoteId: row.id,
    sellCurrency: row.sellCurrency,
    buyCurrency: row.buyCurrency,
    sellAmount: sell(row.sellAmount),
    exchangedAmount: sell(row.exchangedAmount),
    fee: sell(row.feeAmount),
    buyAmount: toDecimalString(moneyFromMinor(row.buyCurrency, row.buyAmount)),
    rate: row.rate,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function toTrade(trade: TradeRow, quote: QuoteRow): Trade {
  return {
    tradeId: trade.id,
    status: trade.status as Trade['status'],
    quote: toFxQuote(quote),
    createdAt: trade.createdAt.toISOString(),
  };
}

/** A customer's trade with its quote, or undefined when it is not theirs. */
export async function findTrade(db: Database, customerId: string, tradeId: string) {
  const [row] = await db
    .select({ trade: fxTrades, quote: fxQuotes })
    .from(fxTrades)
    .innerJoin(fxQuotes, eq(fxQuotes.id, fxTrades.quoteId))
    .where(and(eq(fxTrades.id, tradeId), eq(fxTrades.customerId, customerId)))
    .limit(1);
  return row;
}
