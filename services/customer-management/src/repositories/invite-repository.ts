import { createHash, randomBytes, randomInt } from 'node:crypto';
import { INVITE_VALIDITY_DAYS, roleSchema, type Invite, type Role } from '@boon/contracts';
import {
  and,
  customers,
  desc,
  eq,
  inviteMails,
  invites,
  isNull,
  memberships,
  sql,
  users,
  type Database,
} from '@boon/db';
import type { OutgoingMail } from '@boon/mail';
import { AppError } from '@boon/service-kit';

export type InviteRow = typeof invites.$inferSelect;

/** Where an invite stands: only an open one can be accepted. */
export type InviteState = 'open' | 'expired' | 'revoked' | 'accepted';

export function inviteState(row: InviteRow, now: Date = new Date()): InviteState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** The field error for an invite that can no longer be accepted (spec 5: 422 means expired or invalid). */
export function inviteStateMessage(state: Exclude<InviteState, 'open'>): string {
  return state === 'expired' ? 'This invite has expired' : 'This invite is no longer valid';
}

/** The stored form of a token: its SHA-256, so a leaked table holds no usable link. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token for the mail's link (32 random bytes, base64url) and the hash kept of it. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteToken(token) };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newInviteId(): string {
  let id = 'I-';
  for (let i = 0; i < 16; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
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
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole seconds until `row` may be mailed again; 0 when it may be now. */
export function resendWaitSeconds(row: InviteRow, now: Date = new Date()): number {
  const next = row.lastSentAt.getTime() + INVITE_RESEND_COOLDOWN_SECONDS * 1000;
  return Math.max(0, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Whole seconds until `customerId` may send another invite mail; 0 when it may now. Locks the
 * customer's row first (no key update: invites and memberships may still reference it), so
 * concurrent invites and resends of one customer count one after the other and the cap holds.
 */
export async function inviteMailWaitSeconds(
  tx: Database,
  customerId: string,
  now: Date = new Date(),
): Promise<number> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [recent] = await tx
    .select({
      sent: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<Date | null>`min(${inviteMails.sentAt})`.mapWith(inviteMails.sentAt),
    })
    .from(inviteMails)
    .where(
      and(
        eq(inviteMails.customerId, customerId),
        sql`${inviteMails.sentAt} > ${since}::timestamptz`,
      ),
    );
  if (!recent || recent.sent < INVITE_DAILY_LIMIT || !recent.oldest) return 0;
  return Math.max(1, Math.ceil((recent.oldest.getTime() + DAY_MS - now.getTime()) / 1000));
}

/** How many times the invite was mailed again after its first mail. */
export async function inviteResendCount(tx: Database, inviteId: string): Promise<number> {
  const [row] = await tx
    .select({ mails: sql<number>`count(*)`.mapWith(Number) })
    .from(inviteMails)
    .where(eq(inviteMails.inviteId, inviteId));
  return Math.max(0, (row?.mails ?? 0) - 1);
}

/** Counts a mail of the invite against the customer's budget and the invite's resend cap. */
export async function recordInviteMail(tx: Database, row: InviteRow, sentAt: Date): Promise<void> {
  await tx.insert(inviteMails).values({ customerId: row.customerId, inviteId: row.id, sentAt });
}

/** When an invite sent at `sentAt` stops working. */
export function inviteExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
}

/** A person's name as mails and lists show it; the address when no name was given. */
export function displayName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/** Roles as stored (text[]) → the roles the contract knows; anything else is dropped. */
export function parseRoles(values: readonly string[]): Role[] {
  return values.flatMap((value) => {
    const parsed = roleSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

export function toInvite(row: InviteRow, invitedBy: string | null, now = new Date()): Invite {
  return {
    inviteId: row.id,
    customerId: row.customerId,
    email: row.email,
    roles: parseRoles(row.roles),
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: inviteState(row, now) === 'expired',
  };
}

const sameAddress = (email: string) => eq(sql`lower(${invites.email})`, email.toLowerCase());
const notClosed = and(isNull(invites.acceptedAt), isNull(invites.revokedAt));

/**
 * The invite to `email` at `customerId` that is neither accepted nor revoked (expired or not),
 * locked for the caller's transaction. The unique index allows at most one.
 */
export async function lockOpenInvite(
  tx: Database,
  customerId: string,
  email: string,
): Promise<InviteRow | undefined> {
  const [row] = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.customerId, customerId), sameAddress(email), notClosed))
    .limit(1)
    .for('update');
  return row;
}

/** The invite a token belongs to, whatever its state, with its customer's name. */
export async function findInviteByToken(
  db: Database,
  token: string,
  options: { lock?: boolean } = {},
): Promise<InviteRow | undefined> {
  const query = db
    .select()
    .from(invites)
    .where(eq(invites.tokenHash, hashInviteToken(token)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The customer's invites that are neither accepted nor revoked, newest first. */
export async function listOpenInvites(db: Database, customerId: string): Promise<Invite[]> {
  const now = new Date();
  const rows = await db
    .select({
      invite: invites,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.invitedByUserId))
    .where(and(eq(invites.customerId, customerId), notClosed))
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows.map((row) =>
    toInvite(
      row.invite,
      row.inviterEmail === null
        ? null
        : displayName({
            firstName: row.inviterFirstName ?? '',
            lastName: row.inviterLastName ?? '',
            email: row.inviterEmail,
          }),
      now,
    ),
  );
}

/**
 * The member of `customerId` with the address `email` (any case), with the customer's name;
 * undefined when the address belongs to no member.
 */
export async function memberWithAddress(
  db: Database,
  customerId: string,
  email: string,
): Promise<{ name: string; customerName: string } | undefined> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      customerName: customers.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row && { name: displayName(row), customerName: row.customerName };
}

/**
 * 409 user_already_exists (its catalogue text stays the spec's "User already exists"), with a
 * sentence at the address naming the person and the company, for the form to show (issue 11).
 */
export function alreadyMember(member: { name: string; customerName: string }): AppError {
  return new AppError('user_already_exists', [
    {
      path: 'email',
      message: `${member.name} is already a member of ${member.customerName}. Change their role on Team instead.`,
    },
  ]);
}

const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  finance_manager: 'Finance manager',
  service_manager: 'Service manager',
  service_agent: 'Service agent',
  viewer: 'Viewer',
};

/** The invite mail: who invites whom to which customer, with the single-use link. */
export function inviteMail(options: {
  to: string;
  token: string;
  roles: readonly Role[];
  inviterName: string;
  customerName: string;
  productName: string;
  publicUrl: string;
}): OutgoingMail {
  const { to, token, roles, inviterName, customerName, productName, publicUrl } = options;
  // The console's /invite-link route (spec 2.2) reads the address as its sign-up hint.
  const link = `${publicUrl.replace(/\/+$/, '')}/invite-link?email=${encodeURIComponent(to)}&token=${token}`;
  const roleText = roles.map((role) => roleLabels[role]).join(', ');
  return {
    kind: 'invite',
    to,
    subject: `${inviterName} invited you to ${customerName} on ${productName}`,
    content: {
      heading: `Join ${customerName} on ${productName}`,
      paragraphs: [
        `${inviterName} invited you to join the ${customerName} team on ${productName} as ${roleText}.`,
        `Accept the invite to sign in or create your account with ${to}.`,
      ],
      action: { label: 'Accept invite', url: link },
      footnote: `This invite is valid for ${INVITE_VALIDITY_DAYS} days.`,
    },
  };
}
