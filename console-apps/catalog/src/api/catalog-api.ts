import {
  catalogApi,
  type CustomerId,
  type Product,
  type ProductListQuery,
  type ProductPage,
} from '@boon/contracts';
import { skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryKeys, type ApiClient, useApiClient } from '@boon/console-kit';

/**
 * Query keys of the network's screens. The catalog answers per customer (x-customer-id: a
 * customer may be offered other merchants), so the customer is part of each key.
 */
export const catalogQueryKeys = {
  products: (customerId: CustomerId | null, filters: ProductFilters) =>
    queryKeys.tenant(customerId, 'catalog', 'products', filters),
  product: (customerId: CustomerId | null, productCode: string) =>
    queryKeys.tenant(customerId, 'catalog', 'product', productCode),
};

/** The list's filters, as GET /products takes them (without the cursor and page size). */
export type ProductFilters = Omit<ProductListQuery, 'cursor' | 'limit'>;

/** A page of merchants: 24 fills four rows of a wide grid and is light on a phone. */
export const PRODUCTS_PER_PAGE = 24;

/** GET /products: a page of the network, by name, filtered. */
export function fetchProducts(
  api: ApiClient,
  filters: ProductFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ProductPage> {
  return api.call(catalogApi.listProducts, {
    query: { ...filters, limit: PRODUCTS_PER_PAGE, ...(cursor ? { cursor } : {}) },
    signal,
  });
}

/** GET /products/{productCode}: one product with its content. */
export function fetchProduct(
  api: ApiClient,
  productCode: string,
  signal?: AbortSignal,
): Promise<Product> {
  return api.call(catalogApi.getProduct, { params: { productCode }, signal });
}

/** The network's products matching `filters`, a page at a time; idle until a customer is chosen. */
export function useProducts(customerId: CustomerId | null, filters: ProductFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: catalogQueryKeys.products(customerId, filters),
    queryFn: customerId
      ? ({ pageParam, signal }) => fetchProducts(api, filters, pageParam, signal)
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** One product of the network; idle until a customer is chosen. */
export function useProduct(customerId: CustomerId | null, productCode: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogQueryKeys.product(customerId, productCode),
    queryFn: customerId ? ({ signal }) => fetchProduct(api, productCode, signal) : skipToken,
  });
}
