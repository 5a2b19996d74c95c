import { billingApi as api } from '@boon/contracts';
import { requireUser } from '@boon/service-kit';
import { readBalanceAlerts, saveBalanceAlerts } from '../balance-alerts/balance-alerts.js';
import { listBalances } from '../balances/list-balances.js';
import { route } from '../deps.js';

export const balanceRoutes = [
  route(api.listBalances, ({ customerId }, { db }) => listBalances(db, customerId)),

  route(api.getBalanceAlerts, ({ customerId }, { db }) => readBalanceAlerts(db, customerId)),

  route(api.updateBalanceAlerts, async ({ request, customerId, body, transaction }, deps) => {
    const actor = { customerId, userId: requireUser(request).user.id };
    const profile = await deps.customerProfile(customerId);
    return transaction((tx) => saveBalanceAlerts(tx, actor, profile, body));
  }),
];
