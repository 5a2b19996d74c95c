import {
  customers,
  eq,
  memberships,
  pendingCustomers,
  seedRuns,
  users,
  type Database,
} from '@boon/db';
import {
  DEMO_PASSWORD,
  demoCurrencyToggles,
  demoCustomers,
  demoPendingCustomers,
  demoUsers,
} from './demo-data.js';
import { hashPassword } from './password.js';

const SEED_NAME = 'demo-2026-11';

/**
 * Writes the demo data once. A second call, or a second process racing the first, changes
 * nothing: the seed is recorded in the same transaction and every insert skips existing rows.
 * Returns whether this call wrote it.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME)).limit(1);
  if (done) return false;
  // Hash outside the transaction: scrypt is deliberately slow.
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: SEED_NAME })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    await tx
      .insert(customers)
      .values(demoCustomers.map((c) => ({ ...c, currencyToggles: demoCurrencyToggles })))
      .onConflictDoNothing();
    await tx
      .insert(users)
      .values(
        demoUsers.map((u, i) => ({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          emailVerified: u.emailVerified ?? true,
          isStaff: u.isStaff ?? false,
          blocked: u.blocked ?? false,
          passwordHash: hashes[i] ?? null,
          useBalancesTncAccepted: true,
          dataProcessingTncAccepted: u.consent === undefined ? true : u.consent,
          profileCreatedAt: new Date(),
        })),
      )
      .onConflictDoNothing();
    const rows = demoUsers.flatMap((u) =>
      u.memberships.map((m) => ({ userId: u.id, customerId: m.customerId, roles: m.roles })),
    );
    await tx.insert(memberships).values(rows).onConflictDoNothing();
    await tx.insert(pendingCustomers).values(demoPendingCustomers).onConflictDoNothing();
    return true;
  });
}
