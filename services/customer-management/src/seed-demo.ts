import { customers, memberships, pendingCustomers, seedOnce, users, type Database } from '@boon/db';
import {
  DEMO_PASSWORD,
  demoCurrencyToggles,
  demoCustomers,
  demoPendingCustomers,
  demoUsers,
} from './demo-data.js';
import { passwordHashing, type PasswordHashing } from './password.js';

const SEED_NAME = 'demo-2026-11';

/**
 * Writes the demo data once. A second call, or a second process racing the first, changes
 * nothing: the seed is recorded in the same transaction and every insert skips existing rows.
 * Returns whether this call wrote it.
 */
export async function seedDemo(
  db: Database,
  passwords: PasswordHashing = passwordHashing(),
): Promise<boolean> {
  return seedOnce(
    db,
    SEED_NAME,
    async (tx, hashes) => {
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
    },
    // Hashed before the transaction: scrypt is deliberately slow.
    () => Promise.all(demoUsers.map(() => passwords.hash(DEMO_PASSWORD))),
  );
}
