import {
  permissionsForRoles,
  roleSchema,
  type AccessTokenClaims,
  type Role,
} from '@boon/contracts';
import { asc, eq, memberships, sql, users, customers, type Database } from '@boon/db';
import { burnPasswordCheck, verifyPassword } from './password.js';

export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  isStaff: boolean;
  blocked: boolean;
}

export type CredentialsResult =
  { ok: true; account: Account } | { ok: false; reason: 'invalid_credentials' | 'blocked' };

/** The access token's claims: decisions.md's, and the customer its roles are for. */
export type TokenClaims = AccessTokenClaims & {
  /** The customer `roles` and `permissions` are held at; absent for a user of no customer. */
  customer_id?: string;
};

export type TokenClaimsResult =
  | { ok: true; claims: TokenClaims }
  /** No such user, or a customer the user may not act for. */
  | { ok: false; reason: 'unknown_user' | 'customer_not_allowed' };

export interface Membership {
  customerId: string;
  customerName: string;
  roles: Role[];
}

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerified: users.emailVerified,
  isStaff: users.isStaff,
  blocked: users.blocked,
};

/** The accounts interface other modules (the identity provider) use instead of our tables. */
export function createAccounts(db: Database) {
  async function findAccountById(id: string): Promise<Account | undefined> {
    const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async function verifyCredentials(email: string, password: string): Promise<CredentialsResult> {
    const [row] = await db
      .select({ ...accountColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    if (!row?.passwordHash) {
      await burnPasswordCheck(password);
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (!(await verifyPassword(password, row.passwordHash))) {
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (row.blocked) return { ok: false, reason: 'blocked' };
    const { passwordHash: _hash, ...account } = row;
    return { ok: true, account };
  }

  /** The user's customers sorted by name, each with the roles held there. */
  async function listMemberships(userId: string): Promise<Membership[]> {
    const rows = await db
      .select({
        customerId: memberships.customerId,
        customerName: customers.name,
        roles: memberships.roles,
      })
      .from(memberships)
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(customers.name));
    return rows.map((row) => ({ ...row, roles: parseRoles(row.roles) }));
  }

  /**
   * The claims of decisions.md for an access token acting for `customerId`, read from the
   * database at every call. With a `customerId`, the roles and permissions are those held there;
   * staff may name any existing customer and hold no roles there unless they are a member (they
   * act through `is_staff`, as the API's tenant check lets them). Any other customer is refused,
   * never silently replaced. Without one, the user's first customer by name.
   */
  async function tokenClaims(userId: string, customerId?: string): Promise<TokenClaimsResult> {
    const account = await findAccountById(userId);
    if (!account) return { ok: false, reason: 'unknown_user' };
    const held = await listMemberships(userId);
    let selected: { customerId: string; roles: Role[] } | undefined;
    if (customerId === undefined) {
      selected = held[0];
    } else {
      selected = held.find((m) => m.customerId === customerId);
      if (!selected && account.isStaff && (await customerExists(customerId))) {
        selected = { customerId, roles: [] };
      }
      if (!selected) return { ok: false, reason: 'customer_not_allowed' };
    }
    const roles = selected?.roles ?? [];
    return {
      ok: true,
      claims: {
        sub: account.id,
        email: account.email,
        email_verified: account.emailVerified,
        is_staff: account.isStaff,
        customer_ids: held.map((m) => m.customerId),
        ...(selected ? { customer_id: selected.customerId } : {}),
        roles,
        permissions: permissionsForRoles(roles),
      },
    };
  }

  async function customerExists(customerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    return row !== undefined;
  }

  return { findAccountById, verifyCredentials, listMemberships, tokenClaims, customerExists };
}

export type Accounts = ReturnType<typeof createAccounts>;

function parseRoles(values: string[]): Role[] {
  return values.flatMap((value) => {
    const parsed = roleSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}
