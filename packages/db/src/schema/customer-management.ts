import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CustomerFeatureFlags } from '@boon/contracts';

/** Tables owned by the customer management service. */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    contactEmail: text('contact_email'),
    domain: text('domain'),
    source: text('source', { enum: ['direct', 'migrated-from-connect'] })
      .notNull()
      .default('direct'),
    limitedAccess: boolean('limited_access').notNull().default(false),
    playgroundMode: boolean('playground_mode').notNull().default(false),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    featureFlags: jsonb('feature_flags').$type<CustomerFeatureFlags>().notNull(),
    discountMultiplier: numeric('discount_multiplier', { precision: 6, scale: 4 }),
    currencyToggles: jsonb('currency_toggles')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    balancesTncAccepted: boolean('balances_tnc_accepted').notNull().default(false),
    dataProcessingTncAccepted: boolean('data_processing_tnc_accepted').notNull().default(false),
    /** Spec 8's ordering_restricted: the customer may not order at all. */
    orderingRestricted: boolean('ordering_restricted').notNull().default(false),
    /** Spec 8's portal_ordering_restricted: the customer may order through the API only. */
    portalOrderingRestricted: boolean('portal_ordering_restricted').notNull().default(false),
    /** How long a payout link stays claimable (decisions.md: 90 days unless a customer sets otherwise). */
    linkExpiryDays: integer('link_expiry_days').notNull().default(90),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One customer per company domain, whatever its case: the domain check of a sign-up and of an
  // approval reads it, and only this index holds when two of them race.
  (t) => [uniqueIndex('customers_domain_lower_idx').on(sql`lower(${t.domain})`)],
);

/**
 * A customer's order limits (spec 9 "per-customer order limits"; POST /customer/{id}/limits): the
 * most one order may be worth in each currency, in that currency's minor units (its ISO 4217
 * exponent: cents for USD, yen for JPY, fils for BHD). No row for a currency: no limit in it.
 */
export const customerOrderLimits = pgTable(
  'customer_order_limits',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    maxOrderMinor: bigint('max_order_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currency] }),
    check('customer_order_limits_positive', sql`${t.maxOrderMinor} > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    passwordHash: text('password_hash'),
    useBalancesTncAccepted: boolean('use_balances_tnc_accepted').notNull().default(false),
    dataProcessingTncAccepted: boolean('data_processing_tnc_accepted'),
    /**
     * The person signed up to set up a company (the provider's sign-up form, not from an invite):
     * spec 4.1's onboarding flag, kept with the user so every browser continues the onboarding.
     */
    onboardingIntent: boolean('onboarding_intent').notNull().default(false),
    /** When the backend user was created (POST /user/me); null: only a sign-in identity so far. */
    profileCreatedAt: timestamp('profile_created_at', { withTimezone: true }),
    /** The TOTP second factor's base32 secret; enabled once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /**
     * Access tokens issued up to this moment are refused: they are JWTs checked by signature,
     * and would otherwise live until they expire. A password reset sets it, and so does a block
     * (a trigger, migration 0007, since users are blocked in the database). Null: none refused.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, precision: 3 }),
    /**
     * The customer the user last chose to work in, so a return visit from any browser starts
     * there. Only honoured while the user still belongs to it; null once the customer is gone.
     */
    lastCustomerId: text('last_customer_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
    /** When the user hid Home's getting-started checklist; null: still shown. */
    gettingStartedDismissedAt: timestamp('getting_started_dismissed_at', { withTimezone: true }),
    /** When the user first watched the intro video to its end; null: not yet. */
    introWatchedAt: timestamp('intro_watched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.customerId] }),
    index('memberships_customer_idx').on(t.customerId),
  ],
);

export const pendingCustomers = pgTable(
  'pending_customers',
  {
    id: text('id').primaryKey(),
    companyName: text('company_name').notNull(),
    domain: text('domain'),
    requestedByUserId: text('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvalStatus: text('approval_status', { enum: ['NEW', 'APPROVED', 'PENDING', 'DECLINED'] })
      .notNull()
      .default('NEW'),
    onboardingTaskState: text('onboarding_task_state', { enum: ['STARTED', 'COMPLETE', 'ERROR'] })
      .notNull()
      .default('STARTED'),
    country: text('country'),
    companySize: text('company_size'),
    website: text('website'),
    rewardNeed: text('reward_need'),
    useCases: text('use_cases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The playground customer the onboarding job provisioned for the requester. */
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_customers_name_idx').on(t.companyName),
    // One open or approved request per company domain: two colleagues signing up at once would
    // both pass the read-only check; the second insert fails on this index instead (409).
    uniqueIndex('pending_customers_open_domain_idx')
      .on(sql`lower(${t.domain})`)
      .where(sql`${t.approvalStatus} in ('NEW', 'PENDING', 'APPROVED')`),
  ],
);

/** Invitations to join a customer; the token is mailed, only its hash is kept. */
export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: text('roles').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invites_token_hash_idx').on(t.tokenHash),
    // One open invite per address and customer.
    uniqueIndex('invites_open_email_idx')
      .on(t.customerId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // The daily cap on invites a customer sends counts its recent ones.
    index('invites_customer_created_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * One row per invite mail sent (the first and every resend): what a customer's daily mail budget
 * and an invite's resend cap count, since each is a mail to someone outside the customer.
 */
export const inviteMails = pgTable(
  'invite_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inviteId: text('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invite_mails_customer_sent_idx').on(t.customerId, t.sentAt),
    index('invite_mails_invite_idx').on(t.inviteId),
  ],
);
