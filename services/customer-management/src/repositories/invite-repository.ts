import type { Role } from '@boon/contracts';
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

export type InviteRow = typeof invites.$inferSelect;

/** A person's stored name parts, as mails and lists name them. */
export interface PersonName {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Locks the customer's row (no key update: invites and memberships may still reference it), so
 * the invite mails of one customer are counted one after the other.
 */
export async function lockCustomerForInviteMails(tx: Database, customerId: string): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
}

/** How many invite mails the customer sent after `since`, and when the oldest of them went. */
export async function inviteMailsSince(
  tx: Database,
  customerId: string,
  since: Date,
): Promise<{ sent: number; oldest: Date | null }> {
  const [recent] = await tx
    .select({
      sent: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<Date | null>`min(${inviteMails.sentAt})`.mapWith(inviteMails.sentAt),
    })
    .from(inviteMails)
    .where(
      and(
        eq(inviteMails.customerId, customerId),
        sql`${inviteMails.sentAt} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return recent ?? { sent: 0, oldest: null };
}

/** How many mails of the invite went out, its first included. */
export async function countInviteMails(tx: Database, inviteId: string): Promise<number> {
  const [row] = await tx
    .select({ mails: sql<number>`count(*)`.mapWith(Number) })
    .from(inviteMails)
    .where(eq(inviteMails.inviteId, inviteId));
  return row?.mails ?? 0;
}

/** Counts a mail of the invite against the customer's budget and the invite's resend cap. */
export async function recordInviteMail(tx: Database, row: InviteRow, sentAt: Date): Promise<void> {
  await tx.insert(inviteMails).values({ customerId: row.customerId, inviteId: row.id, sentAt });
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

/** The invite whose token hashes to `tokenHash`, whatever its state. */
export async function findInviteByTokenHash(
  db: Database,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InviteRow | undefined> {
  const query = db.select().from(invites).where(eq(invites.tokenHash, tokenHash)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * A new invite; undefined when another request invited the same address meanwhile (the unique
 * index on open invites says so).
 */
export async function insertInvite(
  tx: Database,
  values: {
    id: string;
    customerId: string;
    email: string;
    roles: readonly Role[];
    tokenHash: string;
    invitedByUserId: string;
    sentAt: Date;
    expiresAt: Date;
  },
): Promise<InviteRow | undefined> {
  const { sentAt, roles, ...rest } = values;
  const [row] = await tx
    .insert(invites)
    .values({ ...rest, roles: [...roles], createdAt: sentAt, lastSentAt: sentAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function markInviteRevoked(tx: Database, inviteId: string, at: Date): Promise<void> {
  await tx.update(invites).set({ revokedAt: at }).where(eq(invites.id, inviteId));
}

/** Marks the invite accepted, unless it already was. */
export async function markInviteAccepted(tx: Database, inviteId: string, at: Date): Promise<void> {
  await tx
    .update(invites)
    .set({ acceptedAt: at })
    .where(and(eq(invites.id, inviteId), isNull(invites.acceptedAt)));
}

/** Replaces the invite's link with a new one, mailed at `sentAt`. */
export async function renewInviteLink(
  tx: Database,
  inviteId: string,
  link: { tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<InviteRow | undefined> {
  const [row] = await tx
    .update(invites)
    .set({ tokenHash: link.tokenHash, lastSentAt: link.sentAt, expiresAt: link.expiresAt })
    .where(eq(invites.id, inviteId))
    .returning();
  return row;
}

/** The customer's invites that are neither accepted nor revoked, newest first, with who sent each. */
export async function listOpenInviteRows(
  db: Database,
  customerId: string,
): Promise<{ invite: InviteRow; inviter: PersonName | null }[]> {
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
  return rows.map((row) => ({
    invite: row.invite,
    inviter:
      row.inviterEmail === null
        ? null
        : {
            firstName: row.inviterFirstName ?? '',
            lastName: row.inviterLastName ?? '',
            email: row.inviterEmail,
          },
  }));
}

/** The user's stored name parts; undefined when there is no such user. */
export async function findPersonName(
  db: Database,
  userId: string,
): Promise<PersonName | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The customer's name; undefined when there is no such customer. */
export async function findCustomerName(
  db: Database,
  customerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.name;
}

/**
 * The member of `customerId` with the address `email` (any case), with the customer's name;
 * undefined when the address belongs to no member.
 */
export async function findMemberWithAddress(
  db: Database,
  customerId: string,
  email: string,
): Promise<(PersonName & { customerName: string }) | undefined> {
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
  return row;
}
