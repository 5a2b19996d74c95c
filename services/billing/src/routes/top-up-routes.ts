import { billingApi as api } from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { createBankTopUp } from '../top-ups/create-bank-top-up.js';
import { receiveBankTopUp } from '../top-ups/receive-bank-top-up.js';
import { findTopUp, listTopUps, toTopUp } from '../top-ups/top-up-repository.js';

/** Adding funds (issue 12 §3): bank transfers so far. */
export const topUpRoutes = [
  route(api.createTopUp, async ({ request, customerId, body, transaction }, deps) => {
    const { user } = requireUser(request);
    const profile = await deps.customerProfile(customerId);
    const actor = { customerId, userId: user.id, email: user.email };
    return transaction((tx) => createBankTopUp(tx, actor, profile, body));
  }),

  route(api.listTopUps, ({ customerId, query }, { db }) => listTopUps(db, customerId, query)),

  route(api.getTopUp, async ({ customerId, params }, { db }) => {
    const row = await findTopUp(db, customerId, params.topUpId);
    if (!row) throw new AppError('top_up_not_found');
    return toTopUp(row);
  }),

  route(api.receiveTopUp, ({ request, customerId, params, body, transaction }, deps) => {
    const actor = { customerId, userId: requireUser(request).user.id };
    return transaction((tx) => receiveBankTopUp(tx, actor, params.topUpId, body, deps));
  }),
];
