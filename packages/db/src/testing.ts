import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from './database.js';
import pg from 'pg';

/**
 * A database of its own for one test file: in-memory PGlite by default; with DATABASE_URL, a new
 * database on that PostgreSQL server, dropped again on close, so runs never see each other's rows.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite', dataDir: 'memory://' });

  const name = `boon_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({
    kind: 'postgres',
    url: testUrl.toString(),
    maxConnections: 5,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(url, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
