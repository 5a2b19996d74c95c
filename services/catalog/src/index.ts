// The catalog service's public interface: ordering reads products only through it.
export { catalogService } from './service.js';
export type { CatalogDeps } from './deps.js';
export { logoRoutes, type LogoRoutesOptions } from './logos/logo-routes.js';
export { findOrderableProducts, type CatalogProduct } from './products/product-repository.js';
export { demoCatalogue, type DemoProduct } from './demo/demo-catalogue.js';
export { insertProducts, seedDemoCatalogue } from './demo/seed-demo-catalogue.js';
