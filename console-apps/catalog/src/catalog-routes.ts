import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { signedInAreaRoute } from '@boon/console-kit';
import { parseMerchantsSearch } from './merchants/merchants-search';

/** Spec 2.1: the network's pages show to anyone holding either permission. */
const networkGuard = {
  permissions: ['read:products', 'read:product_approvals'],
  guardAction: 'OR',
} as const;

/** Spec 2.1: browsing the network is allowed in playground (ordering from it is not). */
const inPlayground = { allowedInPlayground: true } as const;

/**
 * The network (spec 2.1: its route name carries the brand, "{product} Network"; spec 2.5: the
 * product catalogue under the network path). /network is the layout whose title is the brand;
 * its home is the merchant list.
 */
export const networkRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/network',
  staticData: {
    name: 'network',
    title: '{product} Network',
    // The catalog answers for a customer (x-customer-id), so staff too choose one first.
    meta: { requiresCustomerId: true, permissionGuards: networkGuard, ...inPlayground },
  },
});

export const networkIndexRoute = createRoute({
  getParentRoute: () => networkRoute,
  path: '/',
  staticData: { name: 'network-home', meta: inPlayground },
  beforeLoad: () => {
    throw redirect({ to: '/network/merchants', replace: true });
  },
});

/** Merchants (spec 2.1 product-catalog-home: read:products). */
export const merchantsRoute = createRoute({
  getParentRoute: () => networkRoute,
  path: 'merchants',
  staticData: {
    name: 'product-catalog-home',
    title: 'Merchants',
    meta: { permissionGuards: { permissions: ['read:products'] }, ...inPlayground },
  },
});

export const merchantsIndexRoute = createRoute({
  getParentRoute: () => merchantsRoute,
  path: '/',
  staticData: { name: 'product-catalog-list', meta: inPlayground },
  validateSearch: parseMerchantsSearch,
  component: lazyRouteComponent(() => import('./merchants/merchants-page'), 'MerchantsPage'),
});

/** A merchant's details (spec 2.5: product-details/{productId}; here under Merchants). */
export const productDetailsRoute = createRoute({
  getParentRoute: () => merchantsRoute,
  path: '$productCode',
  staticData: { name: 'product-details', title: 'Merchant details', meta: inPlayground },
  component: lazyRouteComponent(
    () => import('./product-details/product-details-page'),
    'ProductDetailsPage',
  ),
});

/** The spec's own address of a product's details leads to the same page. */
export const specProductDetailsRoute = createRoute({
  getParentRoute: () => networkRoute,
  path: 'product-details/$productId',
  staticData: { name: 'product-details-spec-path', meta: inPlayground },
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/network/merchants/$productCode',
      params: { productCode: params.productId },
      replace: true,
    });
  },
});

export const catalogRoutes = [
  networkRoute.addChildren([
    networkIndexRoute,
    merchantsRoute.addChildren([merchantsIndexRoute, productDetailsRoute]),
    specProductDetailsRoute,
  ]),
];
