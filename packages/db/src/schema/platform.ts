import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Secrets the process generates once and keeps (signing keys, cookie keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Seeds that have run, so each runs once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row for every change a user makes: who, for which customer, what, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    customerId: text('customer_id'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_customer_at_idx').on(t.customerId, t.at)],
);

/**
 * Idempotency-Key requests of the routes that declare them (the server's idempotency plugin): one
 * row per scope (customer, or user without one), route and key, claimed while the first request
 * runs and then holding its answer for replay. Pruned 30 days after `created_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `customer:C-…`, or `user:U-…` for a request that acts for no customer. */
    scope: text('scope').notNull(),
    /** Method and URL pattern, e.g. `POST /api/ordering/orders/:id/cancel`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the canonical JSON of the request's path parameters, query and body. */
    fingerprint: text('fingerprint').notNull(),
    /** The claim of the request running now; null once its answer is recorded. */
    lockToken: uuid('lock_token'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_route_key_idx').on(t.scope, t.route, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
