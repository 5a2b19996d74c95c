import { customerManagementApi as api } from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { acceptInvite } from '../operations/accept-invite.js';
import { createUserProfile } from '../operations/create-user-profile.js';
import { readLastCustomer, rememberLastCustomer } from '../operations/last-customer.js';
import { readUserMe } from '../operations/read-user-me.js';
import { updateUserOptions } from '../operations/update-user-options.js';
import { listCustomersOfUser } from '../repositories/customer-repository.js';
import { toCustomers } from '../repositories/customer-serializer.js';

/** The signed-in user: who they are, their options, their customers, and joining by invite. */
export const userRoutes = [
  route(api.getUserMe, ({ request }, { db }) => readUserMe(db, requireUser(request))),

  route(api.createUserMe, async ({ request, body, transaction }, { db }) => {
    const auth = requireUser(request);
    await transaction((tx) => createUserProfile(tx, auth, body));
    return readUserMe(db, auth);
  }),

  route(api.updateUserOptions, async ({ request, body, transaction }, { db }) => {
    const auth = requireUser(request);
    await transaction((tx) => updateUserOptions(tx, auth, body));
    return readUserMe(db, auth);
  }),

  route(api.getLastCustomer, ({ request }, { db }) => readLastCustomer(db, requireUser(request))),

  route(api.setLastCustomer, async ({ request, customerId, transaction }) => {
    const auth = requireUser(request);
    await transaction((tx) => rememberLastCustomer(tx, auth, customerId));
    return undefined;
  }),

  route(api.activateUser, ({ request, body, transaction }) => {
    const auth = requireUser(request);
    return transaction((tx) => acceptInvite(tx, auth, body?.token));
  }),

  route(api.listMyCustomers, async ({ request }, { db }) => {
    const rows = await listCustomersOfUser(db, requireUser(request).user.id);
    if (rows.length === 0) throw new AppError('no_customers_found');
    return toCustomers(db, rows);
  }),
];
