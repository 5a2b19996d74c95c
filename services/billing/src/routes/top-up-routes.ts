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

  route(api.listTopUps, async ({ customerId, query }, { db }) => {
    const { rows, nextCursor } = await listTopUps(db, customerId, query);
    return { items: rows.map(toTopUp), nextCursor };
  }),

  route(api.listAllTopUps, async ({ query }, { db, customerProfile }) => {
    const { rows, nextCursor } = await listTopUps(db, undefined, query);
    const names = new Map<string, string | null>();
    for (const customerId of new Set(rows.map((row) => row.customerId))) {
      names.set(customerId, (await customerProfile(customerId))?.name ?? null);
    }
    const items = rows.map((row) => ({
      ...toTopUp(row),
      customerId: row.customerId,
      customerName: names.get(row.customerId) ?? null,
    }));
    return { items, nextCursor };
  }),

  route(api.getTopUp, async ({ customerId, params }, { db }) => {
    const row = await findTopUp(db, customerId, params.topUpId);
    if (!row) throw new AppError('top_up_not_found');
    return toTopUp(row);
  }),

  route(api.receiveTopUp, ({ request, params, body, transaction }, deps) => {
    const actor = { userId: requireUser(request).user.id };
    return transaction((tx) => receiveBankTopUp(tx, actor, params.topUpId, body, deps));
  }),
];
