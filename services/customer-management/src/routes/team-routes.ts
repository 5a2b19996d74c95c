import { customerManagementApi as api } from '@boon/contracts';
import { requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { changeMemberRoles } from '../operations/change-member-roles.js';
import { removeMember } from '../operations/remove-member.js';

/** A customer's members: change their roles, remove them. */
export const teamRoutes = [
  route(api.changeMemberRoles, ({ request, customerId, params, body, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) =>
      changeMemberRoles(tx, actor, { userId: params.userId, roles: body.roles }),
    );
  }),

  route(api.removeMember, async ({ request, customerId, params, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    await transaction((tx) => removeMember(tx, actor, params.userId));
    return undefined;
  }),
];
