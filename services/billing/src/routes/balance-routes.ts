import { billingApi as api } from '@boon/contracts';
import { listBalances } from '../balances/list-balances.js';
import { route } from '../deps.js';

export const balanceRoutes = [
  route(api.listBalances, ({ customerId }, { db }) => listBalances(db, customerId)),
];
