import { productPageSchema, productSchema, type Product, type ProductPage } from '@boon/contracts';
import { supportedCountries } from '@boon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  customerManagementClient,
  forbidden,
  GLOBEX,
  startServer,
  unauthorized,
  type TestServer,
} from '@boon/server/testing';

/** The merchant network through the real server and its demo catalogue. */

let server: TestServer;
let catalog: ReturnType<typeof customerManagementClient>;
const OWNER = 'owner@acme.test';
const VIEWER = 'viewer@acme.test';

beforeAll(async () => {
  server = await startServer();
  catalog = customerManagementClient(server, '/api/catalog');
});

afterAll(async () => {
  await server?.close();
});

async function page(query: string, email = OWNER) {
  const answer = await catalog.call<ProductPage>('GET', `/products${query}`, {
    email,
    customerId: ACME,
  });
  expect(answer.status).toBe(200);
  return productPageSchema.parse(answer.body);
}

describe('GET /products', () => {
  it('pages through at least 1,000 products, by name, across the supported countries', async () => {
    const codes = new Set<string>();
    const countries = new Set<string>();
    let cursor: string | null = null;
    let previous = '';
    do {
      const result: ProductPage = await page(
        `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      for (const product of result.items) {
        const key = `${product.name.toLowerCase()}\u0000${product.productCode}`;
        expect(key > previous).toBe(true);
        previous = key;
        codes.add(product.productCode);
        for (const country of product.countries) countries.add(country);
      }
      cursor = result.nextCursor;
    } while (cursor);
    expect(codes.size).toBeGreaterThanOrEqual(1000);
    expect(countries.size).toBe(supportedCountries.length);
    for (const prohibited of ['CU', 'IR', 'KP', 'RU', 'SY']) {
      expect(countries.has(prohibited)).toBe(false);
    }
  });

  it('filters by search, country, currency, category, state and value', async () => {
    const coffee = await page('?search=northwind&country=US');
    expect(coffee.items.map((p) => p.productCode)).toEqual(['NORTHWIND-COFFEE-US']);

    const gbp = await page('?currency=GBP&limit=200');
    expect(gbp.items.length).toBeGreaterThan(10);
    expect(gbp.items.every((p) => p.currency === 'GBP')).toBe(true);

    const gaming = await page('?category=gaming&country=DE');
    expect(gaming.items.map((p) => p.name).sort()).toEqual(['Orbit Games', 'Pixel Arcade']);

    const disabled = await page('?state=TEMPORARILY_DISABLED&country=US');
    expect(disabled.items.map((p) => p.productCode)).toContain('SKYLINE-TRAVEL-US');
    expect(disabled.items.every((p) => p.state === 'TEMPORARILY_DISABLED')).toBe(true);

    // Acorn Books sells 10, 25, 50 and 100: 25 is on its list, 30 is not.
    const at25 = await page('?country=US&currency=USD&value=25.00&search=acorn');
    expect(at25.items.map((p) => p.productCode)).toEqual(['ACORN-BOOKS-US']);
    const at30 = await page('?country=US&currency=USD&value=30&search=acorn');
    expect(at30.items).toEqual([]);

    // A search for a % or _ is literal, not a pattern.
    expect((await page('?search=%25%25')).items).toEqual([]);
  });

  it('refuses a value without a currency and a forged cursor, at their fields', async () => {
    const noCurrency = await catalog.call('GET', '/products?value=25', {
      email: OWNER,
      customerId: ACME,
    });
    expect(noCurrency.status).toBe(422);
    expect(JSON.stringify(noCurrency.body)).toContain('query.value');
    const forged = await catalog.call('GET', '/products?cursor=bm90LW91cnM', {
      email: OWNER,
      customerId: ACME,
    });
    expect(forged.status).toBe(422);
    expect(JSON.stringify(forged.body)).toContain('query.cursor');
  });

  it('needs read:products in the customer', async () => {
    expect((await page('?limit=1', VIEWER)).items).toHaveLength(1);
    const anonymous = await catalog.call('GET', '/products', { customerId: ACME });
    expect(anonymous).toMatchObject({ status: 401, body: unauthorized });
    const otherCustomer = await catalog.call('GET', '/products', {
      email: OWNER,
      customerId: GLOBEX,
    });
    expect(otherCustomer).toMatchObject({ status: 403, body: forbidden });
  });
});

describe('GET /products/{productCode}', () => {
  it('answers a product with its content', async () => {
    const answer = await catalog.call<Product>('GET', '/products/ACORN-BOOKS-US', {
      email: OWNER,
      customerId: ACME,
    });
    expect(answer.status).toBe(200);
    const product = productSchema.parse(answer.body);
    expect(product).toMatchObject({
      name: 'Acorn Books',
      currency: 'USD',
      countries: ['US'],
      denominations: { type: 'fixed', values: ['10.00', '25.00', '50.00', '100.00'] },
      expiryPolicy: { type: 'months_from_issue', months: 36 },
      logoUrl: '/api/catalog/logos/ACORN-BOOKS-US.svg',
    });
    expect(product.redemptionInstructions).toContain('Enter the code');
  });

  it('answers 404 for an unknown product', async () => {
    const answer = await catalog.call('GET', '/products/NO-SUCH-THING', {
      email: OWNER,
      customerId: ACME,
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'product_not_found' } });
  });
});

describe('logos', () => {
  it('serves a generated SVG, publicly, that runs nothing', async () => {
    const response = await fetch(`${server.baseUrl}/api/catalog/logos/ACORN-BOOKS-US.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('<title>Acorn Books</title>');
    expect(svg).not.toMatch(/<script|href=/i);
    const missing = await fetch(`${server.baseUrl}/api/catalog/logos/NOPE.svg`);
    expect(missing.status).toBe(404);
    const traversal = await fetch(`${server.baseUrl}/api/catalog/logos/..%2Fsecret`);
    expect(traversal.status).toBe(404);
  });
});
