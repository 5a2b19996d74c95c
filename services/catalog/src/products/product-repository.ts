import type { Product, ProductListFilters, ProductSummary } from '@boon/contracts';
import {
  and,
  asc,
  eq,
  inArray,
  productContent,
  products,
  sql,
  type Database,
  type SQL,
} from '@boon/db';
import type { MinorDenominations, OrderableProduct } from '@boon/domain';
import { parseMoney } from '@boon/domain';
import { decodeKeysetCursor, encodeKeysetCursor, fieldError } from '@boon/service-kit';
import type { LogoStyle } from '../logos/product-logo.js';

type ProductRow = typeof products.$inferSelect;
type ContentRow = typeof productContent.$inferSelect;

/** Where a product's generated logo is served, on the one origin. */
export function logoUrlOf(basePath: string, code: string): string {
  return `${basePath}/logos/${encodeURIComponent(code)}.svg`;
}

const summaryColumns = {
  code: products.code,
  name: products.name,
  categories: products.categories,
  countries: products.countries,
  currency: products.currency,
  denominations: products.denominations,
  discountPercent: products.discountPercent,
  redeemOnline: products.redeemOnline,
  redeemInStore: products.redeemInStore,
  state: products.state,
};

export function toProductSummary(
  row: Pick<ProductRow, keyof typeof summaryColumns>,
  basePath: string,
): ProductSummary {
  return {
    productCode: row.code,
    name: row.name,
    logoUrl: logoUrlOf(basePath, row.code),
    categories: row.categories as ProductSummary['categories'],
    countries: row.countries,
    currency: row.currency,
    denominations: row.denominations as ProductSummary['denominations'],
    discountPercent: row.discountPercent,
    redeemable: { online: row.redeemOnline, inStore: row.redeemInStore },
    state: row.state,
  };
}

export function toProduct(row: ProductRow, content: ContentRow, basePath: string): Product {
  return {
    ...toProductSummary(row, basePath),
    description: content.description,
    terms: content.terms,
    redemptionInstructions: content.redemptionInstructions,
    expiryPolicy: content.expiryPolicy as Product['expiryPolicy'],
  };
}

/**
 * OFFSET 0 as drizzle writes it: given the number 0 it leaves the clause out, and with it the
 * fence that keeps the planner from folding a subquery into the query around it.
 */
const OPTIMIZATION_FENCE = sql`0` as unknown as number;

/**
 * The shortest search the trigram index can find matches for. A shorter one ("a", "co") matches
 * much of the network anyway, so walking the name index finds a page of it soonest.
 */
const TRIGRAM_LENGTH = 3;

/**
 * A page's query. A search's matches are found first, through the trigram index, then sorted:
 * its matches can sit anywhere in the alphabet (a merchant's name clusters), and a walk of the
 * name index filtering for them read most of the table (377 ms for "northwind" at 100,000
 * products), so a fence keeps the planner from folding the search into that walk. Every other
 * filter is read in the list's order from an index that has it: the name index, a currency's,
 * or a category's own (one per category: schema/catalog.ts), the planner choosing.
 */
export function productPageQuery(
  db: Database,
  condition: SQL | undefined,
  /** A search the trigram index can serve (TRIGRAM_LENGTH characters or more). */
  search: boolean,
  limit: number,
) {
  if (!search) {
    return db
      .select(summaryColumns)
      .from(products)
      .where(condition)
      .orderBy(sql`lower(${products.name})`, asc(products.code))
      .limit(limit);
  }
  const matches = db
    .select({ ...summaryColumns, sortName: sql<string>`lower(${products.name})`.as('sort_name') })
    .from(products)
    .where(condition)
    .offset(OPTIMIZATION_FENCE)
    .as('matches');
  return db.select().from(matches).orderBy(matches.sortName, asc(matches.code)).limit(limit);
}

/**
 * One page of the network, by name then code (a keyset over the `lower(name), code` index), with
 * the list's filters. The search matches anywhere in the name (a trigram index) or the code's start.
 */
export async function listProducts(
  db: Database,
  query: ProductListFilters,
  basePath: string,
): Promise<{ items: ProductSummary[]; nextCursor: string | null }> {
  const where: ReturnType<typeof sql>[] = [];
  if (query.search) {
    const term = query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`lower(${products.name} || ' ' || ${products.code}) like ${`%${term}%`}`);
  }
  if (query.country) where.push(sql`${products.countries} @> array[${query.country}]::text[]`);
  if (query.currency) where.push(eq(products.currency, query.currency));
  if (query.category) where.push(sql`${products.categories} @> array[${query.category}]::text[]`);
  if (query.state) where.push(eq(products.state, query.state));
  if (query.value !== undefined) {
    if (!query.currency) throw fieldError('query.value', 'Choose a currency to find values in.');
    const value = parseMoney(query.value, query.currency);
    if (!value.ok) throw fieldError('query.value', value.error.message);
    const v = value.value.minor;
    where.push(
      sql`${products.minValue} <= ${v} and ${products.maxValue} >= ${v} and (
        (${products.fixedValues} is null and (${v}::bigint - ${products.minValue}) % greatest(${products.valueStep}, 1) = 0)
        or ${v}::bigint = any(${products.fixedValues}))`,
    );
  }
  if (query.cursor !== undefined) {
    const keys = decodeKeysetCursor(query.cursor, 2);
    if (!keys)
      throw fieldError(
        'query.cursor',
        'This page link is out of date. Start again from the first page.',
      );
    const [name = '', code = ''] = keys;
    where.push(sql`(lower(${products.name}), ${products.code}) > (${name}, ${code})`);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await productPageQuery(
    db,
    condition,
    (query.search?.length ?? 0) >= TRIGRAM_LENGTH,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toProductSummary(row, basePath)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeysetCursor([last.name.toLowerCase(), last.code])
        : null,
  };
}

export async function findProduct(
  db: Database,
  code: string,
): Promise<{ product: ProductRow; content: ContentRow } | undefined> {
  const [row] = await db
    .select({ product: products, content: productContent })
    .from(products)
    .innerJoin(productContent, eq(productContent.code, products.code))
    .where(eq(products.code, code))
    .limit(1);
  return row;
}

/** What ordering needs of products: their rules' facts, denominations in minor units. */
export interface CatalogProduct extends OrderableProduct {
  logoUrl: string;
  redemptionInstructions: string;
  expiryMonths: number | null;
}

export async function findOrderableProducts(
  db: Database,
  codes: readonly string[],
  basePath: string,
): Promise<CatalogProduct[]> {
  if (codes.length === 0) return [];
  const found = await db
    .select({ product: products, content: productContent })
    .from(products)
    .innerJoin(productContent, eq(productContent.code, products.code))
    .where(inArray(products.code, [...codes]));
  return found.map(({ product: row, content }) => {
    const denominations: MinorDenominations =
      row.fixedValues !== null
        ? { type: 'fixed', values: row.fixedValues }
        : { type: 'open', min: row.minValue, max: row.maxValue, step: row.valueStep ?? 1n };
    const expiry = content.expiryPolicy as Product['expiryPolicy'];
    return {
      productCode: row.code,
      name: row.name,
      currency: row.currency,
      countries: row.countries,
      state: row.state,
      denominations,
      logoUrl: logoUrlOf(basePath, row.code),
      redemptionInstructions: content.redemptionInstructions,
      expiryMonths: expiry.type === 'months_from_issue' ? expiry.months : null,
    };
  });
}

export async function findLogo(
  db: Database,
  code: string,
): Promise<{ name: string; style: LogoStyle } | undefined> {
  const [row] = await db
    .select({ name: products.name, style: productContent.logoStyle })
    .from(products)
    .innerJoin(productContent, eq(productContent.code, products.code))
    .where(eq(products.code, code))
    .limit(1);
  return row ? { name: row.name, style: row.style as LogoStyle } : undefined;
}
