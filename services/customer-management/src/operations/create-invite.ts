import { customerManagementApi, type Invite, type InviteCreate } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  findMemberWithAddress,
  insertInvite,
  lockOpenInvite,
  markInviteRevoked,
  recordInviteMail,
} from '../repositories/invite-repository.js';
import { lockActingMember } from '../repositories/membership-repository.js';
import { inviteMailWaitSeconds } from './invite-mail-budget.js';
import { alreadyMember, inviteExpiry, inviteState } from './invite-rules.js';
import { newInviteToken } from './invite-token.js';
import { sendInviteMail } from './send-invite-mail.js';
import { toInvite } from './to-invite.js';

/**
 * Invites an address to the customer with roles and mails the link. One open invite per address:
 * an expired one gives way to the new one; a member or an open invite is refused. Invites of one
 * customer are made one at a time (the daily mail budget locks the customer), so concurrent invites
 * cannot pass it.
 */
export async function createInvite(
  tx: Database,
  deps: Pick<CustomerManagementDeps, 'mailer' | 'productName' | 'publicUrl'>,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  { email, roles }: InviteCreate,
): Promise<Invite> {
  await lockActingMember(
    tx,
    { customerId, actorUserId },
    customerManagementApi.createInvite.access.permissions,
  );
  const now = new Date();
  const wait = await inviteMailWaitSeconds(tx, customerId, now);
  if (wait > 0) throw new AppError('invite_limit_reached', undefined, { retryAfterSeconds: wait });
  const member = await findMemberWithAddress(tx, customerId, email);
  if (member) throw alreadyMember(member);
  const existing = await lockOpenInvite(tx, customerId, email);
  if (existing) {
    if (inviteState(existing, now) === 'open') throw new AppError('user_already_invited');
    await markInviteRevoked(tx, existing.id, now);
    await recordAudit(tx, {
      actorUserId,
      customerId,
      action: 'invite.revoke',
      target: existing.id,
      details: { email: existing.email, reason: 'expired, replaced by a new invite' },
    });
  }
  const { token, tokenHash } = newInviteToken();
  const row = await insertInvite(tx, {
    id: prefixedId('I-', 16),
    customerId,
    email,
    roles,
    tokenHash,
    invitedByUserId: actorUserId,
    sentAt: now,
    expiresAt: inviteExpiry(now),
  });
  // Another request invited the same address meanwhile.
  if (!row) throw new AppError('user_already_invited');
  await recordInviteMail(tx, row, now);
  const inviterName = await sendInviteMail(tx, deps, row, token, actorUserId);
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'invite.create',
    target: row.id,
    details: { email, roles, expiresAt: row.expiresAt.toISOString() },
  });
  return toInvite(row, inviterName, now);
}
