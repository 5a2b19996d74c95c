import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from './database.js';
import { openTestPglite } from './testing.js';

const text = `select
  timestamptz '2026-11-27 10:00:00+00' as at,
  date '2026-11-27' as day,
  interval '90 minutes' as span,
  array[timestamptz '2026-11-27 10:00:00+00'] as ats,
  array[1.50]::numeric[] as amounts,
  array[1, 2] as counts`;

/**
 * The PGlite handle gives drizzle a client whose parsers are merged into the instance once
 * (database.ts, withDrizzleParsers): what each side reads must be what it read before, drizzle
 * its text and pg-boss (executeSql, a transaction's own client) PGlite's own types.
 */
describe('a PGlite handle', () => {
  let handle: DatabaseHandle;
  // PGlite even in the run against PostgreSQL (DATABASE_URL): the handle under test is PGlite's.
  beforeAll(async () => {
    handle = await openTestPglite();
  });
  afterAll(() => handle.close());

  it('gives drizzle dates, times and intervals as text, and its parsers are not sent again', async () => {
    const query = vi.spyOn(PGlite.prototype, 'query');
    const result = (await handle.db.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(result.rows[0]).toEqual({
      at: '2026-11-27 10:00:00+00',
      day: '2026-11-27',
      span: '01:30:00',
      ats: '{"2026-11-27 10:00:00+00"}',
      amounts: '{1.50}',
      counts: [1, 2],
    });
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]?.[2]).not.toHaveProperty('parsers');
    query.mockRestore();
  });

  it('gives everyone else what PGlite parses, outside and inside a transaction', async () => {
    const expected = {
      at: new Date('2026-11-27T10:00:00Z'),
      day: new Date('2026-11-27T00:00:00Z'),
      span: '01:30:00',
      ats: [new Date('2026-11-27T10:00:00Z')],
      amounts: ['1.50'],
      counts: [1, 2],
    };
    expect((await handle.executeSql(text, [])).rows[0]).toEqual(expected);
    expect((await handle.executeSql(`${text} where $1::int = 1`, [1])).rows[0]).toEqual(expected);
    const inTransaction = await handle.db.transaction(async (tx) => {
      // What jobs.ts hands pg-boss: the transaction's own client.
      const own = (tx as unknown as { session: { client: PGlite } }).session.client;
      expect(own.closed).toBe(false);
      return (await own.query(text)).rows[0];
    });
    expect(inTransaction).toEqual(expected);
  });
});
