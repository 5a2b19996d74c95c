import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./catalog-schemas.js');
const service = 'catalog';

export const listProducts = defineEndpoint({
  service,
  method: 'GET',
  path: '/products',
  summary:
    'The merchant network: products by name, filtered by search, country, currency, category, state or a value they can be bought at (keyset cursor)',
  access: { permissions: ['read:products'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({ query: s.productListQuerySchema, response: s.productPageSchema })),
});

export const getProduct = defineEndpoint({
  service,
  method: 'GET',
  path: '/products/:productCode',
  summary: 'One product with its denominations, countries, terms and redemption instructions',
  access: { permissions: ['read:products'], orStaff: true },
  tenant: 'header',
  errors: ['product_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.productPathSchema, response: s.productSchema })),
});
