import { permissionsForRoles, type AccessTokenClaims, type Role } from '@boon/contracts';
import { and, asc, eq, isNull, memberships, sql, users, customers, type Database } from '@boon/db';
import { prefixedId, recordAudit } from '@boon/service-kit';
import { passwordHashing, type PasswordHashing } from './password.js';
import { parseRoles } from './repositories/stored-roles.js';

export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  isStaff: boolean;
  blocked: boolean;
  /** Access tokens issued up to this moment are refused; null when none are. */
  tokensValidAfter: Date | null;
  /** Signed up to set up a company, not from an invite (spec 4.1's onboarding flag). */
  onboardingIntent: boolean;
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

export type SignUpResult = { ok: true; account: Account } | { ok: false; reason: 'email_taken' };

/** A user's TOTP second factor: a secret alone is an enrolment not yet confirmed. */
export interface TotpState {
  secret: string | null;
  enabledAt: Date | null;
}

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
  tokensValidAfter: users.tokensValidAfter,
  onboardingIntent: users.onboardingIntent,
};

/**
 * The accounts interface other modules (the identity provider) use instead of our tables, with
 * passwords hashed at the server's cost (PASSWORD_HASH_COST).
 */
export function createAccounts(db: Database, passwords: PasswordHashing = passwordHashing()) {
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
      await passwords.burnCheck(password);
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (!(await passwords.verify(password, row.passwordHash))) {
      return { ok: false, reason: 'invalid_credentials' };
    }
    if (row.blocked) return { ok: false, reason: 'blocked' };
    const { passwordHash: _hash, ...account } = row;
    return { ok: true, account };
  }

  /**
   * The account and its memberships (as listMemberships sorts them) in one query: the API reads
   * both for every authenticated request.
   */
  async function findAccountWithMemberships(
    id: string,
  ): Promise<{ account: Account; memberships: Membership[] } | undefined> {
    const rows = await db
      .select({
        account: accountColumns,
        customerId: memberships.customerId,
        customerName: customers.name,
        roles: memberships.roles,
      })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .leftJoin(customers, eq(customers.id, memberships.customerId))
      .where(eq(users.id, id))
      .orderBy(asc(customers.name));
    const [first] = rows;
    if (!first) return undefined;
    return {
      account: first.account,
      memberships: rows.flatMap(({ customerId, customerName, roles }) =>
        customerId === null || customerName === null || roles === null
          ? []
          : [{ customerId, customerName, roles: parseRoles(roles) }],
      ),
    };
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
        // Only while it still matters: a member is past onboarding.
        ...(account.onboardingIntent && held.length === 0 ? { onboarding: true as const } : {}),
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

  async function findByEmail(email: string, tx: Database = db): Promise<Account | undefined> {
    const [row] = await tx
      .select(accountColumns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  /**
   * A sign-in identity from the provider's sign-up form: no backend user yet (onboarding's
   * POST /user/me creates that), e-mail unverified. Inside `tx`, with the verification mail the
   * caller sends there. An address already registered (in any spelling) is refused, not reused.
   */
  async function createSignUp(
    tx: Database,
    input: { email: string; passwordHash: string; onboardingIntent: boolean },
  ): Promise<SignUpResult> {
    // About 103 random bits: the contracts' user id format.
    const id = prefixedId('U-', 20);
    const [row] = await tx
      .insert(users)
      .values({
        id,
        email: input.email.trim(),
        passwordHash: input.passwordHash,
        onboardingIntent: input.onboardingIntent,
      })
      // The unique index on lower(email) decides between two sign-ups racing for one address.
      .onConflictDoNothing()
      .returning(accountColumns);
    if (!row) return { ok: false, reason: 'email_taken' };
    await recordAudit(tx, {
      actorUserId: row.id,
      customerId: null,
      action: 'user.sign-up',
      target: row.id,
    });
    return { ok: true, account: row };
  }

  /** Marks the address verified; false when the user is gone. Audited only when it changed. */
  async function markEmailVerified(tx: Database, userId: string): Promise<boolean> {
    const [before] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!before) return false;
    if (before.emailVerified) return true;
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: null,
      action: 'user.email.verify',
      target: userId,
    });
    return true;
  }

  /**
   * Replaces the password (already hashed). A reset proves the mailbox too, so the address
   * counts as verified from then on. Every access token issued until now stops working: whoever
   * knew the old password may hold one.
   */
  async function setPassword(tx: Database, userId: string, passwordHash: string): Promise<boolean> {
    // The application's clock, not the database's: the embedded provider stamps `iat` with it.
    const now = new Date();
    const updated = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, tokensValidAfter: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: null,
      action: 'user.password.reset',
      target: userId,
    });
    return true;
  }

  async function getTotp(userId: string, tx: Database = db): Promise<TotpState | undefined> {
    const [row] = await tx
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }

  /**
   * Keeps a new secret for an enrolment the user still has to confirm with a code. Refused
   * (false) while a second factor is enabled: that one must be disabled first.
   */
  async function startTotpEnrolment(userId: string, secret: string): Promise<boolean> {
    const updated = await db
      .update(users)
      .set({ totpSecret: secret, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    return updated.length > 0;
  }

  /**
   * Turns the second factor on for the secret the user confirmed a code of. False when that is
   * no longer the pending secret (a newer enrolment replaced it, or it is already on).
   */
  async function enableTotp(tx: Database, userId: string, secret: string): Promise<boolean> {
    const updated = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: null,
      action: 'user.mfa.enable',
      target: userId,
      details: { method: 'totp' },
    });
    return true;
  }

  async function disableTotp(tx: Database, userId: string): Promise<boolean> {
    const updated = await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`${users.totpEnabledAt} is not null`))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: userId,
      customerId: null,
      action: 'user.mfa.disable',
      target: userId,
      details: { method: 'totp' },
    });
    return true;
  }

  return {
    /** A new password's hash, at the server's cost; made before a transaction that stores it. */
    hashPassword: passwords.hash,
    findAccountById,
    verifyCredentials,
    listMemberships,
    tokenClaims,
    customerExists,
    findByEmail,
    findAccountWithMemberships,
    createSignUp,
    markEmailVerified,
    setPassword,
    getTotp,
    startTotpEnrolment,
    enableTotp,
    disableTotp,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
