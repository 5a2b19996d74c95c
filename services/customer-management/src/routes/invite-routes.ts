import { customerManagementApi as api } from '@boon/contracts';
import { AppError, holdsPermissions, requireAuth, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { createInvite } from '../operations/create-invite.js';
import { lookUpInvite } from '../operations/look-up-invite.js';
import { resendInvite } from '../operations/resend-invite.js';
import { listOpenInvites } from '../operations/list-open-invites.js';
import { revokeInvite } from '../operations/revoke-invite.js';

/** Invitations to a customer (spec 7): send, look up, list, revoke, resend. */
export const inviteRoutes = [
  route(api.createInvite, ({ request, customerId, body, transaction }, deps) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) => createInvite(tx, deps, actor, body));
  }),

  route(api.lookUpInvites, async ({ request, customerId, query }, { db }) => {
    const auth = requireAuth(request);
    if (query.token) return lookUpInvite(db, query.token);
    if (query.customer_id && customerId) {
      if (!holdsPermissions(auth.permissions, ['read:team_members'])) {
        throw new AppError('forbidden');
      }
      return listOpenInvites(db, customerId);
    }
    throw new AppError('missing_token');
  }),

  route(api.revokeInvite, async ({ request, customerId, query, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    await transaction((tx) => revokeInvite(tx, actor, query.email));
    return undefined;
  }),

  route(api.resendInvite, ({ request, customerId, query, transaction }, deps) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) => resendInvite(tx, deps, actor, query.email));
  }),
];
