import { INVITE_VALIDITY_DAYS } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import type { InviteRow, PersonName } from '../repositories/invite-repository.js';
import { displayName } from './display-name.js';

/** Where an invite stands: only an open one can be accepted. */
export type InviteState = 'open' | 'expired' | 'revoked' | 'accepted';

export function inviteState(
  row: Pick<InviteRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>,
  now: Date = new Date(),
): InviteState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** The field error for an invite that can no longer be accepted (spec 5: 422 means expired or invalid). */
export function inviteStateMessage(state: Exclude<InviteState, 'open'>): string {
  return state === 'expired' ? 'This invite has expired' : 'This invite is no longer valid';
}

/** When an invite sent at `sentAt` stops working. */
export function inviteExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
}

/** An invite is mailed again at most once a minute: each resend is a mail to someone outside. */
export const INVITE_RESEND_COOLDOWN_SECONDS = 60;
/** Times one invite may be mailed again; after that it is revoked and invited anew, or left. */
export const INVITE_RESEND_LIMIT = 5;
/**
 * Invite mails (new invites and resends) a customer may send in any 24 hours, so a customer
 * cannot be used to send spam from the product's domain.
 */
export const INVITE_DAILY_LIMIT = 100;
export const INVITE_BUDGET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whole seconds until `row` may be mailed again; 0 when it may be now. */
export function resendWaitSeconds(
  row: Pick<InviteRow, 'lastSentAt'>,
  now: Date = new Date(),
): number {
  const next = row.lastSentAt.getTime() + INVITE_RESEND_COOLDOWN_SECONDS * 1000;
  return Math.max(0, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Whole seconds until the customer may send another invite mail, given the mails it sent in the
 * last 24 hours; 0 when it may now.
 */
export function budgetWaitSeconds(
  recent: { sent: number; oldest: Date | null },
  now: Date = new Date(),
): number {
  if (recent.sent < INVITE_DAILY_LIMIT || !recent.oldest) return 0;
  return Math.max(
    1,
    Math.ceil((recent.oldest.getTime() + INVITE_BUDGET_WINDOW_MS - now.getTime()) / 1000),
  );
}

/**
 * 409 user_already_exists (its catalogue text stays the spec's "User already exists"), with a
 * sentence at the address naming the person and the company, for the form to show.
 */
export function alreadyMember(member: PersonName & { customerName: string }): AppError {
  return new AppError('user_already_exists', [
    {
      path: 'email',
      message: `${displayName(member)} is already a member of ${member.customerName}. Change their role on Team instead.`,
    },
  ]);
}
