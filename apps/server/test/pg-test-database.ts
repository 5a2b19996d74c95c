import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of a test's own on the server in DATABASE_URL, for the `*.pg.api.test.ts`
 * files that run several processes of the built server against one database.
 */
export function pgTestDatabase(label: string) {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `boon_${label}_${randomBytes(6).toString('hex')}`;
  const url = (() => {
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  })();

  /** Runs `work` on a client of `on` (the server's admin database unless said). */
  async function withClient<T>(work: (client: pg.Client) => Promise<T>, on = adminUrl): Promise<T> {
    const client = new pg.Client({ connectionString: on });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  return {
    name,
    url,
    withClient,
    create: () => withClient((client) => client.query(`create database ${name}`)),
    drop: () =>
      withClient((client) => client.query(`drop database if exists ${name} with (force)`)),
    /** One statement on the test's database; its rows. */
    query: async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await withClient((client) => client.query(text, values), url)).rows as T[],
  };
}
