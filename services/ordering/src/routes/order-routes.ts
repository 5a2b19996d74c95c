import { orderingApi as api } from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { cancelOrder } from '../orders/cancel-order.js';
import { createOrder, estimateOrder } from '../orders/create-order.js';
import {
  findOrderRow,
  listOrderedMerchants,
  listOrders,
  orderView,
} from '../orders/order-repository.js';
import { resendOrderItem } from '../orders/resend-item.js';

/** Orders: estimate, create, history, details, cancel and resend. */
export const orderRoutes = [
  route(api.estimateOrder, ({ customerId, body }, deps) => estimateOrder(customerId, body, deps)),

  route(api.createOrder, ({ request, customerId, body, transaction }, deps) => {
    const { user } = requireUser(request);
    return createOrder(transaction, { customerId, userId: user.id, email: user.email }, body, deps);
  }),

  route(api.listOrders, ({ customerId, query }, { db }) => listOrders(db, customerId, query)),

  route(api.listOrderedMerchants, async ({ customerId }, { db }) => ({
    merchants: await listOrderedMerchants(db, customerId),
  })),

  route(api.getOrder, async ({ customerId, params }, deps) => {
    const order = await orderView(deps.db, customerId, params.orderId, deps);
    if (!order) throw new AppError('order_not_found');
    return order;
  }),

  route(api.cancelOrder, ({ request, customerId, params, transaction }, deps) => {
    const { user } = requireUser(request);
    const actor = { customerId, userId: user.id, email: user.email };
    return transaction((tx) => cancelOrder(tx, actor, params.orderId, deps));
  }),

  route(api.resendOrderItem, async ({ request, customerId, params, body, transaction }, deps) => {
    const { user } = requireUser(request);
    const actor = { customerId, userId: user.id, email: user.email };
    // The product's name for the mail, asked before the transaction opens.
    const order = await findOrderRow(deps.db, customerId, params.orderId);
    if (!order) throw new AppError('order_not_found');
    const [single] = order.productCodes.length === 1 ? await deps.products(order.productCodes) : [];
    return transaction((tx) =>
      resendOrderItem(tx, actor, params.orderId, params.itemId, body, single, deps),
    );
  }),
];
