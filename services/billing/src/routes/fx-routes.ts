import { billingApi as api } from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { createFxQuote } from '../fx/create-fx-quote.js';
import { createTrade } from '../fx/create-trade.js';
import { findTrade, toTrade } from '../fx/fx-repository.js';
import { shippedRateTable } from '../fx/rate-table.js';

/** Boon FX: quotes, trades made from them, and a trade's state. */
export const fxRoutes = [
  route(api.createFxQuote, async ({ customerId, body }, { db, customerProfile }) =>
    createFxQuote(db, customerId, await customerProfile(customerId), body, shippedRateTable),
  ),

  route(api.createTrade, async ({ request, customerId, body, transaction }, deps) => {
    const actor = { customerId, userId: requireUser(request).user.id };
    const profile = await deps.customerProfile(customerId);
    return transaction((tx) => createTrade(tx, actor, profile, body.quoteId));
  }),

  route(api.getTrade, async ({ customerId, params }, { db }) => {
    const found = await findTrade(db, customerId, params.tradeId);
    if (!found) throw new AppError('trade_not_found');
    return toTrade(found.trade, found.quote);
  }),
];
