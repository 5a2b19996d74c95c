import { chmodSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every service codes against, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations under an advisory lock, so parallel starts don't race. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL on the handle's own connection(s), for libraries that bring their own (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir: a folder to persist in, or 'memory://' for a throw-away database. */
  | { kind: 'pglite'; dataDir: string };

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any fixed 64-bit number works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_ID = 7_264_011_905;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options.dataDir);
}

/**
 * The extensions the schema uses, which PGlite loads only when asked (PostgreSQL ships them as
 * contrib): pg_trgm, for the transactions' search by any part of a reference or id.
 */
export const pgliteExtensions = { pg_trgm };

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) {
    // It holds password hashes and the identity provider's signing keys: owner only, including a
    // folder an older version created more openly.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }
  return pgliteHandle(await PGlite.create(dataDir, { extensions: pgliteExtensions }));
}

/** A handle over an open PGlite instance (tests open theirs from a prepared data directory). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const { forDrizzle, originalParsers } = withDrizzleParsers(client);
  const db = drizzlePglite({ client: forDrizzle, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One PGlite instance is one connection in one process: nothing else can race it.
    migrate: () =>
      migratePglite(drizzlePglite({ client: forDrizzle, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    executeSql: async (text, values) => {
      // Without parameters the text may hold several statements, which only exec runs.
      if (!values || values.length === 0) {
        const results = await client.exec(text, originalParsers);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values, originalParsers);
      return { rows: result.rows };
    },
  };
}

type PgliteQuery = PGlite['query'];
type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];
type QueryOptions = NonNullable<Parameters<PgliteQuery>[2]>;

/**
 * Drizzle hands PGlite the same result parsers with every query (dates, timestamps and intervals
 * kept as text), and PGlite copies its whole table of parsers (some 320, one per type and array
 * type) to merge them in: about 0.2 ms a query, as much as a simple query costs to run. Merged
 * into the instance's table once instead, the client drizzle gets sends them no more. Everyone
 * else (pg-boss, through executeSql and the transactions' client) still gets PGlite's own
 * parsers, which `originalParsers` puts back for their queries.
 */
function withDrizzleParsers(client: PGlite) {
  // PGlite's own, as they were: its array parsers look their element's parser up when they run,
  // so an array's is rebuilt on its element's original. It has none for an interval: text.
  const original = (oid: number) => client.parsers[oid] ?? asText;
  const originalParsers: QueryOptions = {
    parsers: Object.fromEntries(
      DRIZZLE_TEXT_TYPES.map(({ oid, element }) => {
        if (element === undefined) return [oid, original(oid)];
        const parseElement = original(element);
        return [oid, (value: string) => types.arrayParser(value, parseElement, oid)];
      }),
    ),
  };
  client.parsers = {
    ...client.parsers,
    ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map(({ oid }) => [oid, asText])),
  };
  /** Drizzle's queries lose their (now built-in) parsers; anyone else's get PGlite's back. */
  const options = (given?: QueryOptions): QueryOptions => {
    if (!given) return originalParsers;
    if (!given.parsers) return { ...given, ...originalParsers };
    if (!Object.keys(given.parsers).every((oid) => DRIZZLE_TEXT_OIDS.has(Number(oid)))) {
      return given;
    }
    const { parsers: _builtIn, ...rest } = given;
    return rest;
  };
  const wrap = (target: PGlite | PgliteTransaction) => ({
    query: ((text, params, given) => target.query(text, params, options(given))) as PgliteQuery,
    exec: (text: string, given?: QueryOptions) => target.exec(text, options(given)),
  });
  const forDrizzle = {
    ...wrap(client),
    // The transaction keeps its own members (rollback, closed) behind the wrapped ones.
    transaction: <T>(work: (tx: PgliteTransaction) => Promise<T>) =>
      client.transaction((tx) =>
        work(Object.assign(Object.create(tx) as PgliteTransaction, wrap(tx))),
      ),
  };
  return { forDrizzle: forDrizzle as unknown as PGlite, originalParsers };
}

/**
 * The parsers drizzle-orm/pglite sends with each of its queries (PglitePreparedQuery): the text
 * as it came, for timestamps, dates, intervals and arrays of those and of numerics. A query whose
 * parsers are not all among these keeps them (correct, only slower).
 */
const DRIZZLE_TEXT_TYPES: { oid: number; element?: number }[] = [
  { oid: types.TIMESTAMP },
  { oid: types.TIMESTAMPTZ },
  { oid: types.INTERVAL },
  { oid: types.DATE },
  { oid: 1231, element: types.NUMERIC },
  { oid: 1115, element: types.TIMESTAMP },
  { oid: 1185, element: types.TIMESTAMPTZ },
  { oid: 1187, element: types.INTERVAL },
  { oid: 1182, element: types.DATE },
];
const DRIZZLE_TEXT_OIDS = new Set(DRIZZLE_TEXT_TYPES.map(({ oid }) => oid));
const asText = (value: string) => value;

async function openPostgres(options: {
  url: string;
  maxConnections?: number;
}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    },
  };
}
