import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./ordering-schemas.js');
const service = 'ordering';

const orderRuleErrors = [
  'no_customers_found',
  'product_not_found',
  'product_unavailable',
  'ordering_restricted',
  'portal_ordering_restricted',
  'order_limit_exceeded',
  'order_currency_not_enabled',
  'balances_not_enabled',
  'currency_not_a_float',
  'fx_not_enabled',
] as const;

export const estimateOrder = defineEndpoint({
  service,
  method: 'POST',
  path: '/orders/estimate',
  summary:
    "The price of an order before paying (face value, the customer's discount, fees, total) and the balance after it; checks every rule POST /orders does and writes nothing",
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  errors: [...orderRuleErrors],
  schemas: () =>
    schemas().then((s) => ({ body: s.orderCreateSchema, response: s.orderEstimateSchema })),
});

export const createOrder = defineEndpoint({
  service,
  method: 'POST',
  path: '/orders',
  summary:
    'Order rewards by e-mail (one per recipient) or by link (a quantity), paid from the balance in the order currency: the money is held at once and each reward is issued in the background',
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  successStatus: 201,
  // Creating an order moves money: a retried request must not make a second one.
  idempotency: 'required',
  errors: [...orderRuleErrors, 'insufficient_funds'],
  schemas: () => schemas().then((s) => ({ body: s.orderCreateSchema, response: s.orderSchema })),
});

export const listOrderedMerchants = defineEndpoint({
  service,
  method: 'GET',
  path: '/orders/merchants',
  summary:
    "The merchants the selected customer has ordered from, by name: Order history's merchant filter",
  access: { permissions: ['read:orders'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.orderedMerchantsSchema })),
});

export const listOrders = defineEndpoint({
  service,
  method: 'GET',
  path: '/orders',
  summary:
    "The selected customer's orders: search (order id, description, recipient), date range, products, status and value range; sorted by date or total; keyset cursor",
  access: { permissions: ['read:orders'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({ query: s.orderListQuerySchema, response: s.orderPageSchema })),
});

export const getOrder = defineEndpoint({
  service,
  method: 'GET',
  path: '/orders/:orderId',
  summary: 'One order with its items and their delivery status',
  access: { permissions: ['read:orders'], orStaff: true },
  tenant: 'header',
  errors: ['order_not_found'],
  schemas: () => schemas().then((s) => ({ params: s.orderPathSchema, response: s.orderSchema })),
});

export const cancelOrder = defineEndpoint({
  service,
  method: 'POST',
  path: '/orders/:orderId/cancel',
  summary:
    'Cancel what of an order is not redeemed yet: unclaimed links and rewards not yet sent; their held money goes back to the balance',
  access: { permissions: ['cancel:orders'] },
  tenant: 'header',
  idempotency: 'optional',
  errors: ['order_not_found', 'order_not_cancellable'],
  schemas: () => schemas().then((s) => ({ params: s.orderPathSchema, response: s.orderSchema })),
});

export const resendOrderItem = defineEndpoint({
  service,
  method: 'POST',
  path: '/orders/:orderId/items/:itemId/resend',
  summary:
    "Send an e-mail reward's mail again, optionally to a corrected recipient (the change is audited)",
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  errors: ['order_not_found', 'order_item_not_resendable'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.orderItemPathSchema,
      body: s.orderItemResendSchema,
      response: s.orderSchema,
    })),
});

export const createBulkOrder = defineEndpoint({
  service,
  method: 'POST',
  path: '/bulk-orders',
  summary:
    'Start a bulk order: how many rows and in how many chunks they come, and the balances that pay currencies other than their own (Boon FX). Nothing is paid until the last chunk arrives',
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  successStatus: 201,
  // The batch's key: a retried start makes one batch.
  idempotency: 'required',
  // Its choice of paying balances is checked at the start.
  errors: ['no_customers_found', 'currency_not_a_float', 'fx_not_enabled'],
  schemas: () =>
    schemas().then((s) => ({ body: s.bulkBatchCreateSchema, response: s.bulkBatchSchema })),
});

export const estimateBulkOrder = defineEndpoint({
  service,
  method: 'POST',
  path: '/bulk-orders/estimate',
  summary:
    "What a bulk order's rewards cost per currency (face value, the customer's discount, fees, total), how many orders they make, the exchange where another currency's balance pays them, and each paying balance before and after; checks the order rules and writes nothing",
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  errors: [...orderRuleErrors],
  schemas: () =>
    schemas().then((s) => ({ body: s.bulkEstimateRequestSchema, response: s.bulkEstimateSchema })),
});

export const addBulkOrderChunk = defineEndpoint({
  service,
  method: 'POST',
  path: '/bulk-orders/:batchId/chunks',
  // 1,000 rows with full messages in any script: a few MB, beyond the server's 1 MB for others.
  bodyLimit: 8 * 1024 * 1024,
  summary:
    "Send one numbered chunk of a bulk order's rows, each checked as an order's would be; sending the same chunk again changes nothing. The last chunk pays the whole batch at once (orders of at most 200 rewards) or, the balance short, nothing",
  access: { permissions: ['write:orders'] },
  tenant: 'header',
  errors: [...orderRuleErrors, 'insufficient_funds', 'bulk_batch_not_found', 'bulk_chunk_conflict'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.bulkBatchPathSchema,
      body: s.bulkChunkSchema,
      response: s.bulkBatchSchema,
    })),
});

export const getBulkOrder = defineEndpoint({
  service,
  method: 'GET',
  path: '/bulk-orders/:batchId',
  summary:
    "A bulk order: the chunks received, and once paid its orders, totals per currency and where its rewards are. With Accept: text/csv, its results: each row with its order, its reward's status and its e-mail's",
  access: { permissions: ['read:orders'], orStaff: true },
  tenant: 'header',
  errors: ['bulk_batch_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.bulkBatchPathSchema, response: s.bulkBatchSchema })),
});
