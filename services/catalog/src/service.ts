import { defineService } from '@boon/service-kit';
import type { CatalogDeps } from './deps.js';
import { seedDemoCatalogue } from './demo/seed-demo-catalogue.js';
import { productRoutes } from './routes/product-routes.js';

/** The merchant network; ordering reads products only through index.ts. */
export const catalogService = defineService<CatalogDeps>({
  name: 'catalog',
  routes: productRoutes,
  seed: ({ db }) => seedDemoCatalogue(db),
});
