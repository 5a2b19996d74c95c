import type { UserActivated } from '@boon/contracts';
import { and, eq, memberships, users, type Database } from '@boon/db';
import {
  AppError,
  fieldError,
  recordAudit,
  type AuthContext,
  type AuthUser,
} from '@boon/service-kit';
import { findInviteByTokenHash, markInviteAccepted } from '../repositories/invite-repository.js';
import { parseRoles } from '../repositories/stored-roles.js';
import { inviteState, inviteStateMessage } from './invite-rules.js';
import { hashInviteToken } from './invite-token.js';

/**
 * Accepting an invite: the invite's own address joins its customer with its roles. Refusals about
 * the token are 422s at the `token` field, which the console shows as "invite expired or invalid"
 * (spec 5).
 */
export async function acceptInvite(
  tx: Database,
  auth: AuthContext & { user: AuthUser },
  token: string | undefined,
): Promise<UserActivated> {
  if (!token) throw new AppError('missing_token');
  const invite = await findInviteByTokenHash(tx, hashInviteToken(token), { lock: true });
  if (!invite) throw new AppError('invite_not_found');
  const [user] = await tx
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      profileCreatedAt: users.profileCreatedAt,
    })
    .from(users)
    .where(eq(users.id, auth.user.id))
    .for('update');
  if (!user) throw new AppError('user_not_found');
  if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
    throw fieldError('token', 'This invite was sent to another e-mail address');
  }
  if (!user.profileCreatedAt) throw new AppError('user_not_found');
  // Before the invite's state: a second click on an accepted invite says "already active".
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, auth.user.id), eq(memberships.customerId, invite.customerId)))
    .limit(1);
  if (member) throw new AppError('user_already_active');
  const state = inviteState(invite);
  if (state !== 'open') throw fieldError('token', inviteStateMessage(state));

  const roles = parseRoles(invite.roles);
  const now = new Date();
  await tx.insert(memberships).values({
    userId: auth.user.id,
    customerId: invite.customerId,
    roles,
  });
  await markInviteAccepted(tx, invite.id, now);
  // Following the mailed link proved the address.
  if (!user.emailVerified) {
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(users.id, auth.user.id));
  }
  await recordAudit(tx, {
    actorUserId: auth.user.id,
    customerId: invite.customerId,
    action: 'invite.accept',
    target: invite.id,
    details: {
      email: invite.email,
      roles,
      invitedByUserId: invite.invitedByUserId,
      emailVerified: { from: user.emailVerified, to: true },
    },
  });
  await recordAudit(tx, {
    actorUserId: auth.user.id,
    customerId: invite.customerId,
    action: 'membership.create',
    target: auth.user.id,
    details: { customerId: invite.customerId, roles, inviteId: invite.id },
  });
  return { customerId: invite.customerId, roles };
}
