import { billingApi, catalogApi, type Product, type ProductSummary } from '@boon/contracts';
import {
  apiError,
  type AppSessionOptions,
  mockApi,
  mockEndpoint,
  serveAppSession,
} from '@boon/console-kit/testing';

/** A product as the catalog serves it; content in markdown. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    productCode: 'AMAZON-US',
    name: 'Amazon.com',
    logoUrl: '/api/catalog/logos/AMAZON-US.svg',
    categories: ['electronics', 'books_and_music'],
    countries: ['US'],
    currency: 'USD',
    denominations: { type: 'open', min: '5.00', max: '500.00', step: '0.01' },
    discountPercent: '3.5',
    redeemable: { online: true, inStore: false },
    state: 'LIVE',
    description: 'Shop **millions** of products.',
    terms: 'Valid for 10 years. See [the terms](https://example.com/terms).',
    redemptionInstructions: '1. Sign in.\n2. Enter the code at checkout.',
    expiryPolicy: { type: 'months_from_issue', months: 120 },
    ...overrides,
  };
}

/** The summary a list shows of a product. */
export function summaryOf(full: Product): ProductSummary {
  const {
    description: _description,
    terms: _terms,
    redemptionInstructions: _instructions,
    expiryPolicy: _expiry,
    ...summary
  } = full;
  return summary;
}

/** A small network: four merchants in three currencies, one unavailable and one slow. */
export const network: Product[] = [
  product(),
  product({
    productCode: 'CAFE-NERO-GB',
    name: 'Caffè Nero',
    logoUrl: '/api/catalog/logos/CAFE-NERO-GB.svg',
    categories: ['food_and_drink'],
    countries: ['GB', 'IE'],
    currency: 'GBP',
    denominations: { type: 'fixed', values: ['50.00', '5.00', '10.00', '25.00'] },
    discountPercent: '6',
    redeemable: { online: false, inStore: true },
    state: 'TEMPORARILY_DEGRADED',
  }),
  product({
    productCode: 'IKEA-EU',
    name: 'IKEA',
    logoUrl: '/api/catalog/logos/IKEA-EU.svg',
    categories: ['home'],
    countries: ['DE', 'FR', 'NL', 'ES', 'IT'],
    currency: 'EUR',
    denominations: { type: 'fixed', values: ['20.00', '50.00', '100.00'] },
    discountPercent: '4',
    redeemable: { online: true, inStore: true },
    state: 'TEMPORARILY_DISABLED',
    expiryPolicy: { type: 'never' },
  }),
  product({
    productCode: 'STEAM-US',
    name: 'Steam',
    logoUrl: '/api/catalog/logos/STEAM-US.svg',
    categories: ['gaming'],
    countries: ['US', 'CA'],
    currency: 'USD',
    denominations: { type: 'fixed', values: ['20.00', '50.00'] },
    discountPercent: '2.25',
  }),
];

export interface ServeCatalogOptions extends AppSessionOptions {
  /** The network served, by name (the four above unless given). */
  products?: Product[];
  /** How many a page holds at most, whatever the console asks (to test paging). */
  pageSize?: number;
  /** The list's first page fails (service unavailable) while this is true. */
  listFails?: () => boolean;
  /** Holds every list answer until the promise settles (to see the loading state). */
  listGate?: Promise<void>;
}

/**
 * Answers the session and the catalog service as the server does for the network's screens,
 * with the contract's schemas checking every request and answer. Records the list's queries.
 */
export function serveCatalog(options: ServeCatalogOptions = {}) {
  const products = [...(options.products ?? network)].sort((a, b) => a.name.localeCompare(b.name));
  const listQueries: Record<string, unknown>[] = [];
  serveAppSession(options);
  mockApi(
    // "Send this reward" leads to the order form, which the router may load ahead of a click:
    // it asks for the balances.
    mockEndpoint(billingApi.listBalances, () => ({ balances: [] })),
    mockEndpoint(catalogApi.listProducts, async ({ query }) => {
      listQueries.push(query);
      if (options.listGate) await options.listGate;
      if (options.listFails?.()) return apiError('service_unavailable');
      const matching = products.filter(
        (p) =>
          (!query.search || p.name.toLowerCase().includes(query.search.toLowerCase())) &&
          (!query.country || p.countries.includes(query.country)) &&
          (!query.currency || p.currency === query.currency) &&
          (!query.category || p.categories.includes(query.category)) &&
          (!query.state || p.state === query.state),
      );
      const from = query.cursor ? Number(query.cursor) : 0;
      const size = Math.min(query.limit, options.pageSize ?? query.limit);
      const items = matching.slice(from, from + size).map(summaryOf);
      const next = from + size < matching.length ? String(from + size) : null;
      return { items, nextCursor: next };
    }),
    mockEndpoint(catalogApi.getProduct, ({ params }) => {
      const found = products.find((p) => p.productCode === params.productCode);
      return found ?? apiError('product_not_found');
    }),
  );
  return { listQueries };
}
