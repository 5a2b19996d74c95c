import { customerManagementApi, type Invite } from '@boon/contracts';
import type { Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  countInviteMails,
  findMemberWithAddress,
  findPersonName,
  lockOpenInvite,
  recordInviteMail,
  renewInviteLink,
} from '../repositories/invite-repository.js';
import { lockActingMember } from '../repositories/membership-repository.js';
import { displayName } from './display-name.js';
import { inviteMailWaitSeconds } from './invite-mail-budget.js';
import {
  alreadyMember,
  INVITE_RESEND_LIMIT,
  inviteExpiry,
  resendWaitSeconds,
} from './invite-rules.js';
import { newInviteToken } from './invite-token.js';
import { sendInviteMail } from './send-invite-mail.js';
import { toInvite } from './to-invite.js';

/**
 * Sends the open invite again with a new link, valid afresh; the old link stops working. Each
 * resend is a mail to someone outside: at most one a minute, INVITE_RESEND_LIMIT per invite, and
 * within the customer's daily mail budget.
 */
export async function resendInvite(
  tx: Database,
  deps: Pick<CustomerManagementDeps, 'mailer' | 'productName' | 'publicUrl'>,
  { customerId, actorUserId }: { customerId: string; actorUserId: string },
  email: string,
): Promise<Invite> {
  await lockActingMember(
    tx,
    { customerId, actorUserId },
    customerManagementApi.resendInvite.access.permissions,
  );
  const now = new Date();
  // The customer first, then the invite: the order createInvite locks them in, so the two never
  // wait on each other.
  const budgetWait = await inviteMailWaitSeconds(tx, customerId, now);
  const invite = await lockOpenInvite(tx, customerId, email);
  if (!invite) throw new AppError('invite_not_found');
  // Joined meanwhile (another invite, another customer's owner): a new link would only fail.
  const member = await findMemberWithAddress(tx, customerId, email);
  if (member) throw alreadyMember(member);
  const wait = resendWaitSeconds(invite, now);
  if (wait > 0) {
    throw new AppError('invite_resend_too_soon', undefined, { retryAfterSeconds: wait });
  }
  // The first mail is not a resend.
  const resends = Math.max(0, (await countInviteMails(tx, invite.id)) - 1);
  if (resends >= INVITE_RESEND_LIMIT) {
    throw new AppError('invite_resend_limit_reached');
  }
  if (budgetWait > 0) {
    throw new AppError('invite_limit_reached', undefined, { retryAfterSeconds: budgetWait });
  }
  const { token, tokenHash } = newInviteToken();
  const row = await renewInviteLink(tx, invite.id, {
    tokenHash,
    sentAt: now,
    expiresAt: inviteExpiry(now),
  });
  if (!row) throw new AppError('invite_not_found');
  await recordInviteMail(tx, row, now);
  await sendInviteMail(tx, deps, row, token, actorUserId);
  await recordAudit(tx, {
    actorUserId,
    customerId,
    action: 'invite.resend',
    target: row.id,
    details: {
      email: row.email,
      expiresAt: { from: invite.expiresAt.toISOString(), to: row.expiresAt.toISOString() },
    },
  });
  const inviter = row.invitedByUserId ? await findPersonName(tx, row.invitedByUserId) : undefined;
  return toInvite(row, inviter ? displayName(inviter) : null, now);
}
