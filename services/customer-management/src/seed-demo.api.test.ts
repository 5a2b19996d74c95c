import { customers, memberships, pendingCustomers, users, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from './accounts.js';
import { demoCustomers, demoUsers, DEMO_PASSWORD } from './demo-data.js';
import { DEFAULT_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST, passwordHashing } from './password.js';
import { seedDemo } from './seed-demo.js';

// The races and repeats hash every demo user's password again (15 each): at the least cost, as
// their hashes are not what they test. The first seed is the server's, at the default cost.
const cheapPasswords = passwordHashing(MIN_PASSWORD_HASH_COST);

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  await database.migrate();
});
afterAll(() => database?.close());

async function counts() {
  const { db } = database;
  return {
    customers: (await db.select().from(customers)).length,
    users: (await db.select().from(users)).length,
    memberships: (await db.select().from(memberships)).length,
    pending: (await db.select().from(pendingCustomers)).length,
  };
}

describe('seedDemo', () => {
  it('writes the demo data of decisions.md once', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    expect(await counts()).toEqual({
      customers: 4,
      users: demoUsers.length,
      memberships: 13,
      pending: 1,
    });
    expect(demoCustomers.map((c) => c.id)).toEqual([
      'C-ACME0001',
      'C-GLOBEX01',
      'C-NEWCO001',
      'C-DEMO0001',
    ]);
  });

  it('is written exactly once when two processes race on a new database', async () => {
    const fresh = await openTestDatabase('migrated');
    try {
      await fresh.migrate();
      const results = await Promise.all([
        seedDemo(fresh.db, cheapPasswords),
        seedDemo(fresh.db, cheapPasswords),
        seedDemo(fresh.db, cheapPasswords),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await fresh.db.select().from(users)).length).toBe(demoUsers.length);
    } finally {
      await fresh.close();
    }
  });

  it('changes nothing when run again, even concurrently', async () => {
    const before = await counts();
    expect(
      await Promise.all([
        seedDemo(database.db, cheapPasswords),
        seedDemo(database.db, cheapPasswords),
      ]),
    ).toEqual([false, false]);
    expect(await counts()).toEqual(before);
  });

  it('gives every demo user the demo password, and refuses the blocked one', async () => {
    const accounts = createAccounts(database.db);
    const owner = await accounts.verifyCredentials('OWNER@acme.test ', DEMO_PASSWORD);
    expect(owner).toMatchObject({ ok: true, account: { id: 'U-ACMEOWNER' } });
    expect(await accounts.verifyCredentials('owner@acme.test', 'wrong')).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    expect(await accounts.verifyCredentials('nobody@acme.test', DEMO_PASSWORD)).toEqual({
      ok: false,
      reason: 'invalid_credentials',
    });
    expect(await accounts.verifyCredentials('blocked@acme.test', DEMO_PASSWORD)).toEqual({
      ok: false,
      reason: 'blocked',
    });
  });

  it('stores passwords hashed with scrypt at the default cost and a salt of their own', async () => {
    const hashes = (await database.db.select({ hash: users.passwordHash }).from(users)).map(
      (r) => r.hash,
    );
    const prefix = `scrypt$${2 ** DEFAULT_PASSWORD_HASH_COST}$8$1$`;
    expect(hashes.every((h) => h?.startsWith(prefix))).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(hashes.some((h) => h?.includes(DEMO_PASSWORD))).toBe(false);
  });

  it('puts the access token claims of decisions.md together, for the customer asked for', async () => {
    const accounts = createAccounts(database.db);
    expect(await accounts.tokenClaims('U-ACMEMULTI', 'C-GLOBEX01')).toMatchObject({
      ok: true,
      claims: {
        sub: 'U-ACMEMULTI',
        email: 'multi@acme.test',
        email_verified: true,
        is_staff: false,
        customer_ids: ['C-ACME0001', 'C-GLOBEX01'],
        customer_id: 'C-GLOBEX01',
        roles: ['admin'],
      },
    });
    // Without a customer: the first by name.
    expect(await accounts.tokenClaims('U-ACMEMULTI')).toMatchObject({
      ok: true,
      claims: { customer_id: 'C-ACME0001', roles: ['admin'] },
    });
    expect(await accounts.tokenClaims('U-ACMEVIEWER', 'C-ACME0001')).toMatchObject({
      ok: true,
      claims: { customer_id: 'C-ACME0001', roles: ['viewer'] },
    });
    const staff = await accounts.tokenClaims('U-BOONSTAFF');
    expect(staff).toMatchObject({
      ok: true,
      claims: { is_staff: true, customer_ids: [], roles: [], permissions: [] },
    });
    expect(staff.ok && 'customer_id' in staff.claims).toBe(false);
    // Staff may name any existing customer, holding no roles there.
    expect(await accounts.tokenClaims('U-BOONSTAFF', 'C-GLOBEX01')).toMatchObject({
      ok: true,
      claims: { is_staff: true, customer_id: 'C-GLOBEX01', roles: [], permissions: [] },
    });
    for (const [userId, customerId] of [
      ['U-ACMEOWNER', 'C-GLOBEX01'],
      ['U-ACMEOWNER', 'C-ZZZZZZZZ'],
      ['U-BOONSTAFF', 'C-ZZZZZZZZ'],
    ] as const) {
      expect(await accounts.tokenClaims(userId, customerId)).toEqual({
        ok: false,
        reason: 'customer_not_allowed',
      });
    }
    expect(await accounts.tokenClaims('U-NOBODY00')).toEqual({ ok: false, reason: 'unknown_user' });
  });

  it('reads an account with its memberships in one go, as the two lookups would', async () => {
    const accounts = createAccounts(database.db);
    for (const userId of ['U-ACMEMULTI', 'U-ACMEOWNER', 'U-BOONSTAFF']) {
      expect(await accounts.findAccountWithMemberships(userId)).toEqual({
        account: await accounts.findAccountById(userId),
        memberships: await accounts.listMemberships(userId),
      });
    }
    // Two customers, by name; staff none.
    const multi = await accounts.findAccountWithMemberships('U-ACMEMULTI');
    expect(multi?.memberships.map((m) => m.customerId)).toEqual(['C-ACME0001', 'C-GLOBEX01']);
    expect((await accounts.findAccountWithMemberships('U-BOONSTAFF'))?.memberships).toEqual([]);
    expect(await accounts.findAccountWithMemberships('U-NOBODY00')).toBeUndefined();
  });
});
