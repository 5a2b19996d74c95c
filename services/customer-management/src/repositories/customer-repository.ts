import { asc, customers, eq, inArray, memberships, or, sql, users, type Database } from '@boon/db';
import type { Role } from '@boon/contracts';
import { memberColumns } from './membership-repository.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The customers the user belongs to, sorted by name. */
export async function listCustomersOfUser(db: Database, userId: string): Promise<CustomerRow[]> {
  const ids = db
    .select({ id: memberships.customerId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return db.select().from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.name));
}

export async function findCustomer(
  db: Database,
  customerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  return row;
}

/** The customer's row, locked for the caller's transaction. */
export async function lockCustomer(
  tx: Database,
  customerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
    .for('update');
  return row;
}

/** The first customer by name with this domain (compared without case). */
export async function findCustomerNameByDomain(
  db: Database,
  domain: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(sql`lower(${customers.domain})`, domain))
    .orderBy(asc(customers.name))
    .limit(1);
  return row?.name;
}

/** Customers whose name or id contains the text, literally and without case, by name. */
export async function searchCustomers(
  db: Database,
  text: string,
  limit: number,
): Promise<CustomerRow[]> {
  const needle = text.toLowerCase();
  // strpos rather than LIKE: the text is matched literally, % and _ included.
  const matches = needle
    ? or(
        sql`strpos(lower(${customers.name}), ${needle}) > 0`,
        sql`strpos(lower(${customers.id}), ${needle}) > 0`,
      )
    : undefined;
  return db
    .select()
    .from(customers)
    .where(matches)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(limit);
}

/** The customer's members with their roles there, by first name, last name, e-mail. */
export async function listMembers(db: Database, customerId: string) {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.customerId, customerId))
    .orderBy(
      asc(sql`lower(${users.firstName})`),
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.email})`),
    );
  return rows.map((row) => ({ ...row, roles: row.roles as Role[] }));
}
