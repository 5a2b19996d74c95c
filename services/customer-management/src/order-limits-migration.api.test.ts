import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0004 moves order limits from decimal strings in customers.order_limits to whole minor
 * units in customer_order_limits: exactly, or not at all.
 */

const migrations = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));
const files = readdirSync(migrations)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const MOVE = files.findIndex((name) => name.startsWith('0004_'));

// One database, migrated up to and not including the move (each case puts it back there).
let db: DatabaseHandle;
beforeAll(async () => {
  db = await openTestDatabase();
  for (const name of files.slice(0, MOVE)) await run(name);
});
afterAll(() => db?.close());

async function run(name: string) {
  const text = readFileSync(`${migrations}/${name}`, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.executeSql(statement);
  }
}

async function customerWithLimits(id: string, limits: unknown) {
  await db.executeSql(
    `insert into customers (id, name, feature_flags, order_limits) values ($1, $1, '{}', $2)`,
    [id, limits === null ? null : JSON.stringify(limits)],
  );
}

describe('migration 0004: order limits in minor units', () => {
  it.each([
    ['a currency the table does not know', [{ currency: 'XYZ', maxOrderValue: '10' }]],
    ['more decimals than the currency has', [{ currency: 'JPY', maxOrderValue: '100.5' }]],
  ])('stops rather than guess on %s', async (_, limits) => {
    await customerWithLimits('C-A', limits);

    await expect(run(files[MOVE]!)).rejects.toThrow(/max_order_minor/);
    // Back to before the move, for the next case.
    await db.executeSql('drop table customer_order_limits');
    await db.executeSql('delete from customers');
  });

  it('moves every limit exactly, with its currency exponent', async () => {
    expect(MOVE).toBeGreaterThan(0);
    await customerWithLimits('C-A', [
      { currency: 'USD', maxOrderValue: '5000.5' },
      { currency: 'JPY', maxOrderValue: '20000' },
      { currency: 'BHD', maxOrderValue: '1.25' },
      { currency: 'EUR', maxOrderValue: '999999999999.99' },
    ]);
    await customerWithLimits('C-B', null);
    await customerWithLimits('C-C', []);

    await run(files[MOVE]!);

    const { rows } = await db.executeSql(
      'select customer_id, currency, max_order_minor::text as minor from customer_order_limits order by 1, 2',
    );
    expect(rows).toEqual([
      { customer_id: 'C-A', currency: 'BHD', minor: '1250' },
      { customer_id: 'C-A', currency: 'EUR', minor: '99999999999999' },
      { customer_id: 'C-A', currency: 'JPY', minor: '20000' },
      { customer_id: 'C-A', currency: 'USD', minor: '500050' },
    ]);
    const { rows: columns } = await db.executeSql(
      `select column_name from information_schema.columns
       where table_name = 'customers' and column_name = 'order_limits'`,
    );
    expect(columns).toEqual([]);
  });
});
