import { customerManagementApi, type Invite } from '@boon/contracts';
import { eq, invites, users, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import {
  displayName,
  INVITE_RESEND_LIMIT,
  inviteExpiry,
  inviteMailWaitSeconds,
  inviteResendCount,
  alreadyMember,
  memberWithAddress,
  lockOpenInvite,
  newInviteToken,
  recordInviteMail,
  resendWaitSeconds,
  toInvite,
} from '../repositories/invite-repository.js';
import { lockActingMember } from '../repositories/membership-repository.js';
import { sendInviteMail } from './send-invite-mail.js';

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
  const member = await memberWithAddress(tx, customerId, email);
  if (member) throw alreadyMember(member);
  const wait = resendWaitSeconds(invite, now);
  if (wait > 0) {
    throw new AppError('invite_resend_too_soon', undefined, { retryAfterSeconds: wait });
  }
  if ((await inviteResendCount(tx, invite.id)) >= INVITE_RESEND_LIMIT) {
    throw new AppError('invite_resend_limit_reached');
  }
  if (budgetWait > 0) {
    throw new AppError('invite_limit_reached', undefined, { retryAfterSeconds: budgetWait });
  }
  const { token, tokenHash } = newInviteToken();
  const [row] = await tx
    .update(invites)
    .set({ tokenHash, lastSentAt: now, expiresAt: inviteExpiry(now) })
    .where(eq(invites.id, invite.id))
    .returning();
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
  const [inviter] = row.invitedByUserId
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, row.invitedByUserId))
        .limit(1)
    : [];
  return toInvite(row, inviter ? displayName(inviter) : null, now);
}
