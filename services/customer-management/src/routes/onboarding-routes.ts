import { customerManagementApi as api } from '@boon/contracts';
import { fieldError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { approvePendingCustomer } from '../operations/approve-pending-customer.js';
import { createPendingCustomer } from '../operations/create-pending-customer.js';
import { declinePendingCustomer } from '../operations/decline-pending-customer.js';
import {
  decodePendingCustomerCursor,
  encodePendingCustomerCursor,
  listPendingCustomers,
  toPendingCustomer,
} from '../repositories/pending-customer-repository.js';

/** Requests for a company account, and their approval by staff (spec 7). */
export const onboardingRoutes = [
  route(api.createPendingCustomer, ({ request, body, transaction }, deps) => {
    const userId = requireUser(request).user.id;
    return transaction((tx) => createPendingCustomer(tx, deps, userId, body));
  }),

  route(api.listPendingCustomers, async ({ query }, { db }) => {
    const { status, customer_name_begins_with, limit, cursor } = query;
    const after = cursor === undefined ? undefined : decodePendingCustomerCursor(cursor);
    if (cursor !== undefined && !after) throw fieldError('querystring.cursor', 'Invalid cursor');
    const page = await listPendingCustomers(db, {
      status,
      nameBeginsWith: customer_name_begins_with,
      after,
      limit,
    });
    const last = page.items.at(-1);
    return {
      items: page.items.map(toPendingCustomer),
      nextCursor:
        page.more && last
          ? encodePendingCustomerCursor({ companyName: last.row.companyName, id: last.row.id })
          : null,
    };
  }),

  route(api.approvePendingCustomer, ({ request, body, transaction }, deps) => {
    const auth = requireUser(request);
    const actor = { actorUserId: auth.user.id, customerId: auth.customerId };
    return transaction((tx) => approvePendingCustomer(tx, deps, actor, body));
  }),

  route(api.declinePendingCustomer, ({ request, body, transaction }, deps) => {
    const auth = requireUser(request);
    const actor = { actorUserId: auth.user.id, customerId: auth.customerId };
    return transaction((tx) => declinePendingCustomer(tx, deps, actor, body));
  }),
];
