import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { optionalString, signedInAreaRoute } from '@boon/console-kit';
import { orderHistoryDeniedCustomers } from '@boon/domain';
import { parseOrderHistorySearch } from './order-history/order-history-search';

export interface OrderSearch {
  /** How the rewards go, as chosen on order-type-selection. */
  deliveryType?: 'email' | 'link';
  /** A merchant to start the order with (the Network app links here). */
  productCode?: string;
}

/** The order flow's search: anything not valid is dropped, so the flow starts with its defaults. */
export function parseOrderSearch(search: Record<string, unknown>): OrderSearch {
  const parsed: OrderSearch = {};
  if (search.deliveryType === 'email' || search.deliveryType === 'link') {
    parsed.deliveryType = search.deliveryType;
  }
  const productCode = optionalString(search.productCode, 40);
  if (productCode && /^[A-Z0-9][A-Z0-9_-]{1,39}$/.test(productCode)) {
    parsed.productCode = productCode;
  }
  return parsed;
}

/**
 * Ordering (spec 2.4): /order and its steps, with the sidebar hidden and a customer needed. Every
 * step needs write:orders; create needs read:products too (spec 6). The order being made lives in
 * the layout, so the steps and overlays share it while the user moves between them.
 */
export const orderRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/order',
  staticData: {
    name: 'order',
    title: 'New reward',
    hideSidebar: true,
    meta: { requiresCustomerId: true, permissionGuards: { permissions: ['write:orders'] } },
  },
  validateSearch: parseOrderSearch,
  component: lazyRouteComponent(() => import('./order-create/order-layout'), 'OrderLayout'),
});

/** /order redirects to /order/create (spec 2.4), keeping what the link asked for. */
export const orderIndexRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: '/',
  staticData: { name: 'order-index' },
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/order/create', search, replace: true });
  },
});

export const orderTypeSelectionRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'type',
  staticData: { name: 'order-type-selection', title: 'Choose how to send' },
  component: lazyRouteComponent(() => import('./order-create/order-type-page'), 'OrderTypePage'),
});

const createStep = () => import('./order-create/create-step');

export const orderCreateRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'create',
  staticData: {
    name: 'order-create',
    title: 'Reward details',
    meta: { permissionGuards: { permissions: ['write:orders', 'read:products'] } },
  },
  component: lazyRouteComponent(createStep, 'CreateStepPage'),
});

/** The merchant picker, over the create step (spec 2.4: "brands (overlay, returns to create)"). */
export const orderBrandsRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'brands',
  staticData: { name: 'order-brands', title: 'Choose merchants' },
  component: lazyRouteComponent(createStep, 'BrandsOverlayPage'),
});

export const orderMessageRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'message',
  staticData: { name: 'order-message', title: 'Message' },
  component: lazyRouteComponent(createStep, 'MessageOverlayPage'),
});

const quantityStep = () => import('./order-create/quantity-step');

export const orderQuantityRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'quantity',
  staticData: { name: 'order-quantity', title: 'Recipients', scrollToTop: true },
  component: lazyRouteComponent(quantityStep, 'QuantityStepPage'),
});

export const orderRecipientsRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'recipients',
  staticData: { name: 'order-recipients', title: 'Add recipients' },
  component: lazyRouteComponent(quantityStep, 'RecipientsOverlayPage'),
});

export const orderPaymentRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'payment',
  staticData: { name: 'order-payment', title: 'Payment', scrollToTop: true },
  component: lazyRouteComponent(() => import('./order-create/payment-step'), 'PaymentStepPage'),
});

/** After paying: the order's progress while its rewards are issued, then what was made. */
export const orderCompleteRoute = createRoute({
  getParentRoute: () => orderRoute,
  path: 'complete/$orderId',
  staticData: { name: 'order-complete', title: 'Order placed', scrollToTop: true },
  component: lazyRouteComponent(
    () => import('./order-complete/order-complete-page'),
    'OrderCompletePage',
  ),
});

/**
 * Bulk orders (spec 2.4: /bulk redirects to /bulk/create): a spreadsheet of recipients,
 * the sidebar hidden and a customer needed; every step needs write:orders, and create needs
 * read:products too, as the single order's (spec 6). The file lives in the layout.
 */
export const bulkRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/bulk',
  staticData: {
    name: 'bulk',
    title: 'Bulk order',
    hideSidebar: true,
    meta: { requiresCustomerId: true, permissionGuards: { permissions: ['write:orders'] } },
  },
  component: lazyRouteComponent(() => import('./bulk/bulk-layout'), 'BulkLayout'),
});

export const bulkIndexRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: '/',
  staticData: { name: 'bulk-index' },
  beforeLoad: () => {
    throw redirect({ to: '/bulk/create', replace: true });
  },
});

const bulkCreatePage = () => import('./bulk/bulk-create-page');

export const bulkCreateRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'create',
  staticData: {
    name: 'bulk-create',
    title: 'Spreadsheet',
    meta: { permissionGuards: { permissions: ['write:orders', 'read:products'] } },
  },
  component: lazyRouteComponent(bulkCreatePage, 'BulkCreatePage'),
});

/** Spec 2.4's bulk brands: the merchant of rows that name none, over create and back to it. */
export const bulkBrandsRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'brands',
  staticData: {
    name: 'bulk-brands',
    title: 'Choose the merchant',
    meta: { permissionGuards: { permissions: ['write:orders', 'read:products'] } },
  },
  component: lazyRouteComponent(bulkCreatePage, 'BulkBrandsPage'),
});

/** Spec 2.4's bulk message: the order's message, over create and back to it. */
export const bulkMessageRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'message',
  staticData: {
    name: 'bulk-message',
    title: 'Message',
    meta: { permissionGuards: { permissions: ['write:orders', 'read:products'] } },
  },
  component: lazyRouteComponent(bulkCreatePage, 'BulkMessagePage'),
});

/** Spec 2.4's errors-preview: the rows in a grid to fix, returning to create. */
export const bulkErrorsPreviewRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'preview/errors',
  staticData: { name: 'bulk-errors-preview', title: 'Fix the rows', scrollToTop: true },
  component: lazyRouteComponent(() => import('./bulk/bulk-errors-page'), 'BulkErrorsPage'),
});

/** Spec 2.4's summary-preview: the rows to be sent, read only, returning to summary-payment. */
export const bulkSummaryPreviewRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'preview/summary',
  staticData: { name: 'bulk-summary-preview', title: 'Rows to send', scrollToTop: true },
  component: lazyRouteComponent(
    () => import('./bulk/bulk-summary-preview-page'),
    'BulkSummaryPreviewPage',
  ),
});

export const bulkPaymentRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'summary-payment',
  staticData: { name: 'bulk-summary-payment', title: 'Payment', scrollToTop: true },
  component: lazyRouteComponent(() => import('./bulk/bulk-payment-page'), 'BulkPaymentPage'),
});

export const bulkProgressRoute = createRoute({
  getParentRoute: () => bulkRoute,
  path: 'progress/$batchId',
  staticData: { name: 'bulk-progress', title: 'Sending', scrollToTop: true },
  component: lazyRouteComponent(() => import('./bulk/bulk-progress-page'), 'BulkProgressPage'),
});

/**
 * Order history (spec 2.4, breadcrumb "Order History"; 2.1: read:orders), and not for the
 * customers its sidebar entry is hidden from (Globex): typing the address goes home too.
 */
export const ordersRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/orders',
  staticData: {
    name: 'orders',
    title: 'Order History',
    meta: {
      requiresCustomerId: true,
      permissionGuards: { permissions: ['read:orders'] },
      customerDenyList: orderHistoryDeniedCustomers,
    },
  },
});

export const orderHistoryRoute = createRoute({
  getParentRoute: () => ordersRoute,
  path: '/',
  staticData: { name: 'order-history' },
  validateSearch: parseOrderHistorySearch,
  component: lazyRouteComponent(
    () => import('./order-history/order-history-page'),
    'OrderHistoryPage',
  ),
});

export const orderDetailsRoute = createRoute({
  getParentRoute: () => ordersRoute,
  path: '$orderId',
  staticData: { name: 'order-details', title: 'Order details' },
  component: lazyRouteComponent(
    () => import('./order-details/order-details-page'),
    'OrderDetailsPage',
  ),
});

/** The legacy screens (spec 2.4) lead to the ones that replaced them. */
export const ordersOldRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/orders-old',
  staticData: { name: 'orders-old' },
  beforeLoad: ({ location }) => {
    const orderId = /^\/orders-old\/([^/]+)\/?$/.exec(location.pathname)?.[1];
    throw orderId
      ? redirect({ to: '/orders/$orderId', params: { orderId }, replace: true })
      : redirect({ to: '/orders', replace: true });
  },
});

export const ordersOldDetailsRoute = createRoute({
  getParentRoute: () => ordersOldRoute,
  path: '$orderId',
  staticData: { name: 'orders-old-details' },
});

export const ordersRoutes = [
  orderRoute.addChildren([
    orderIndexRoute,
    orderTypeSelectionRoute,
    orderCreateRoute,
    orderBrandsRoute,
    orderMessageRoute,
    orderQuantityRoute,
    orderRecipientsRoute,
    orderPaymentRoute,
    orderCompleteRoute,
  ]),
  bulkRoute.addChildren([
    bulkIndexRoute,
    bulkCreateRoute,
    bulkBrandsRoute,
    bulkMessageRoute,
    bulkErrorsPreviewRoute,
    bulkSummaryPreviewRoute,
    bulkPaymentRoute,
    bulkProgressRoute,
  ]),
  ordersRoute.addChildren([orderHistoryRoute, orderDetailsRoute]),
  ordersOldRoute.addChildren([ordersOldDetailsRoute]),
];
