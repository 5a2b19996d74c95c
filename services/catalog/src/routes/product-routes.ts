import { catalogApi as api, defaultServiceBasePaths } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import { route } from '../deps.js';
import { findProduct, listProducts, toProduct } from '../products/product-repository.js';

const basePath = defaultServiceBasePaths.catalog;

/** The merchant network (issue 13 §1). */
export const productRoutes = [
  route(api.listProducts, ({ query }, { db }) => listProducts(db, query, basePath)),

  route(api.getProduct, async ({ params }, { db }) => {
    const row = await findProduct(db, params.productCode);
    if (!row) throw new AppError('product_not_found');
    return toProduct(row, basePath);
  }),
];
