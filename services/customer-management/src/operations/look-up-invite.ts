import type { InviteByToken } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, fieldError } from '@boon/service-kit';
import { findCustomerName, findInviteByTokenHash } from '../repositories/invite-repository.js';
import { parseRoles } from '../repositories/stored-roles.js';
import { inviteState, inviteStateMessage } from './invite-rules.js';
import { hashInviteToken } from './invite-token.js';

/** What the invitee sees of an open invite found by its token (never the token or its hash). */
export async function lookUpInvite(db: Database, token: string): Promise<InviteByToken> {
  const invite = await findInviteByTokenHash(db, hashInviteToken(token));
  if (!invite) throw new AppError('invite_not_found');
  const state = inviteState(invite);
  if (state !== 'open') throw fieldError('token', inviteStateMessage(state));
  const customerName = await findCustomerName(db, invite.customerId);
  if (customerName === undefined) throw new AppError('invite_not_found');
  return {
    email: invite.email,
    customerId: invite.customerId,
    customerName,
    roles: parseRoles(invite.roles),
    expiresAt: invite.expiresAt.toISOString(),
  };
}
