import type { InviteByToken } from '@boon/contracts';
import { customers, eq, type Database } from '@boon/db';
import { AppError, fieldError } from '@boon/service-kit';
import {
  findInviteByToken,
  inviteState,
  inviteStateMessage,
  parseRoles,
} from '../repositories/invite-repository.js';

/** What the invitee sees of an open invite found by its token (never the token or its hash). */
export async function lookUpInvite(db: Database, token: string): Promise<InviteByToken> {
  const invite = await findInviteByToken(db, token);
  if (!invite) throw new AppError('invite_not_found');
  const state = inviteState(invite);
  if (state !== 'open') throw fieldError('token', inviteStateMessage(state));
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, invite.customerId))
    .limit(1);
  if (!customer) throw new AppError('invite_not_found');
  return {
    email: invite.email,
    customerId: invite.customerId,
    customerName: customer.name,
    roles: parseRoles(invite.roles),
    expiresAt: invite.expiresAt.toISOString(),
  };
}
