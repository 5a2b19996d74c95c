import { catalogApi as api, defaultServiceBasePaths } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import { route } from '../deps.js';
import { findProduct, listProducts, toProduct } from '../products/product-repository.js';

const basePath = defaultServiceBasePaths.catalog;

/** The merchant network. */
export const productRoutes = [
  route(api.listProducts, ({ query }, { db }) => listProducts(db, query, basePath)),

  route(api.getProduct, async ({ params }, { db }) => {
    const found = await findProduct(db, params.productCode);
    if (!found) throw new AppError('product_not_found');
    return toProduct(found.product, found.content, basePath);
  }),
];
