import { PRODUCT_CATEGORIES } from '@boon/contracts';
import { products, sql, type DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageQuery } from './product-repository.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
});
afterAll(() => handle?.close());

describe("a page of the network's query", () => {
  it('fences a search off from the walk of the name index (OFFSET 0 is really written)', () => {
    const query = productPageQuery(
      handle.db,
      sql`lower(${products.name}) like ${'%northwind%'}`,
      true,
      49,
    ).toSQL();
    expect(query.sql).toMatch(
      / offset 0\) "matches" order by "sort_name", "matches"\."code" asc limit \$\d+$/,
    );
  });

  it('reads every other filter in the list order, for an index that has it', () => {
    const query = productPageQuery(
      handle.db,
      sql`${products.categories} @> array[${'travel'}]::text[]`,
      false,
      49,
    ).toSQL();
    expect(query.sql).not.toContain('offset');
    expect(query.sql).toMatch(
      /order by lower\("products"\."name"\), "products"\."code" asc limit \$\d+$/,
    );
  });

  it('has an index of its own, in the list order, for every category', async () => {
    const { rows } = (await handle.db.execute(
      sql`select indexname from pg_indexes where tablename = 'products' and indexname like 'products_category_%_idx'`,
    )) as unknown as { rows: { indexname: string }[] };
    expect(rows.map((row) => row.indexname).sort()).toEqual(
      PRODUCT_CATEGORIES.map((category) => `products_category_${category}_idx`).sort(),
    );
  });
});
