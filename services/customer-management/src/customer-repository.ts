import { asc, customers, eq, inArray, memberships, type Database } from '@boon/db';

export type CustomerRow = typeof customers.$inferSelect;

export function createCustomerRepository(db: Database) {
  return {
    /** The customers the user belongs to, sorted by name. */
    async listForUser(userId: string): Promise<CustomerRow[]> {
      const ids = db
        .select({ id: memberships.customerId })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      return db
        .select()
        .from(customers)
        .where(inArray(customers.id, ids))
        .orderBy(asc(customers.name));
    },
  };
}
