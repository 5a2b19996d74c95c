import {
  billingApi,
  catalogApi,
  orderingApi,
  ORDER_POLL_INTERVAL_MS,
  type CustomerId,
  type Order,
  type OrderCreate,
  type OrderEstimate,
  type OrderItemResend,
  type OrderListQuery,
  type OrderPage,
  type ProductListQuery,
} from '@boon/contracts';
import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryKeys, type ApiClient, useApiClient } from '@boon/console-kit';

/**
 * Query keys of the orders screens. The customer is part of each, so switching customers never
 * shows another customer's orders or prices; an order, a cancel or a resend refreshes the orders.
 */
export const ordersQueryKeys = {
  orders: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'ordering', 'orders'),
  /** Under orders: a new order may name a merchant the company had not ordered from. */
  orderedMerchants: (customerId: CustomerId | null) =>
    queryKeys.tenant(customerId, 'ordering', 'orders', 'merchants'),
  orderPage: (customerId: CustomerId | null, query: object) =>
    queryKeys.tenant(customerId, 'ordering', 'orders', 'page', query),
  order: (customerId: CustomerId | null, orderId: string) =>
    queryKeys.tenant(customerId, 'ordering', 'orders', 'one', orderId),
  estimate: (customerId: CustomerId | null, order: object) =>
    queryKeys.tenant(customerId, 'ordering', 'estimate', order),
  products: (customerId: CustomerId | null, filters: object) =>
    queryKeys.tenant(customerId, 'catalog', 'products', filters),
  product: (customerId: CustomerId | null, productCode: string) =>
    queryKeys.tenant(customerId, 'catalog', 'product', productCode),
  balances: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'billing', 'balances'),
};

export const PRODUCTS_PER_PAGE = 48;
export const ORDERS_PER_PAGE = 25;

/** The merchants the selected customer has ordered from (Order history's filter); idle if not `enabled`. */
export function useOrderedMerchants(customerId: CustomerId | null, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: ordersQueryKeys.orderedMerchants(customerId),
    queryFn:
      customerId && enabled
        ? ({ signal }) => api.call(orderingApi.listOrderedMerchants, { signal })
        : skipToken,
  });
}

/** The network's products matching `filters`, a page at a time; idle without a customer. */
export function useProducts(
  customerId: CustomerId | null,
  filters: Omit<ProductListQuery, 'cursor' | 'limit'>,
  enabled = true,
) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: ordersQueryKeys.products(customerId, filters),
    queryFn:
      customerId && enabled
        ? ({ pageParam, signal }) =>
            api.call(catalogApi.listProducts, {
              query: {
                ...filters,
                limit: PRODUCTS_PER_PAGE,
                ...(pageParam ? { cursor: pageParam } : {}),
              },
              signal,
            })
        : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** One product with its denominations; idle without a code. */
export function useProduct(customerId: CustomerId | null, productCode: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: ordersQueryKeys.product(customerId, productCode ?? ''),
    queryFn:
      customerId && productCode
        ? ({ signal }) => api.call(catalogApi.getProduct, { params: { productCode }, signal })
        : skipToken,
    staleTime: 5 * 60_000,
  });
}

/** The selected customer's balances, for what an order leaves. */
export function useBalances(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ordersQueryKeys.balances(customerId),
    queryFn: customerId
      ? async ({ signal }) => (await api.call(billingApi.listBalances, { signal })).balances
      : skipToken,
  });
}

/** POST /orders/estimate: the price of `order` and the balance after it; writes nothing. */
export function useOrderEstimate(customerId: CustomerId | null, order: OrderCreate | null) {
  const api = useApiClient();
  return useQuery<OrderEstimate>({
    queryKey: ordersQueryKeys.estimate(customerId, order ?? {}),
    queryFn:
      customerId && order
        ? ({ signal }) => api.call(orderingApi.estimateOrder, { body: order, signal })
        : skipToken,
    // A price does not change while the page is open; a new order asks again.
    staleTime: 60_000,
  });
}

/** POST /orders, once per key: a retry of the same order under its key never orders twice. */
export function createOrder(api: ApiClient, order: OrderCreate, idempotencyKey: string) {
  return api.call(orderingApi.createOrder, { body: order, idempotencyKey });
}

/** Whether an order is still being issued, so its page keeps asking (spec 9: every second). */
export function isIssuing(order: Order | undefined): boolean {
  return order?.status === 'PROCESSING';
}

/**
 * Whether a reward has been sent but its mail is still in the outbox: an order is COMPLETED once
 * its rewards are issued, and the mails leave afterwards, so "E-mail queued" turns into
 * "E-mail sent" only later.
 */
export function awaitsMail(order: Order | undefined): boolean {
  return (
    order?.items.some((item) => item.status === 'SENT' && item.emailStatus === 'email-queued') ??
    false
  );
}

/**
 * How many answers an order's page asks for at most while only its mails are pending (two
 * minutes at ORDER_POLL_INTERVAL_MS): a mail the mail server keeps refusing stays queued, and
 * the page stops asking; the order's details show where it ends.
 */
export const MAIL_POLLS_MAX = 120;

/**
 * One order; if `poll`, asked again every ORDER_POLL_INTERVAL_MS while it is being issued, and
 * then while its mails are leaving (at most MAIL_POLLS_MAX answers).
 */
export function useOrder(customerId: CustomerId | null, orderId: string, poll = false) {
  const api = useApiClient();
  return useQuery({
    queryKey: ordersQueryKeys.order(customerId, orderId),
    queryFn: customerId
      ? ({ signal }) => api.call(orderingApi.getOrder, { params: { orderId }, signal })
      : skipToken,
    refetchInterval: (query) => {
      if (!poll) return false;
      const order = query.state.data;
      if (isIssuing(order)) return ORDER_POLL_INTERVAL_MS;
      return awaitsMail(order) && query.state.dataUpdateCount < MAIL_POLLS_MAX
        ? ORDER_POLL_INTERVAL_MS
        : false;
    },
  });
}

/** One page of the selected customer's orders (keyset: the page's cursor is in the query). */
export function useOrderPage(customerId: CustomerId | null, query: Omit<OrderListQuery, 'limit'>) {
  const api = useApiClient();
  const full = { ...query, limit: ORDERS_PER_PAGE };
  return useQuery<OrderPage>({
    queryKey: ordersQueryKeys.orderPage(customerId, full),
    queryFn: customerId
      ? ({ signal }) => api.call(orderingApi.listOrders, { query: full, signal })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** POST /orders/{id}/cancel: what is not redeemed yet goes back to the balance. */
export function cancelOrder(api: ApiClient, orderId: string, idempotencyKey: string) {
  return api.call(orderingApi.cancelOrder, { params: { orderId }, idempotencyKey });
}

/** POST /orders/{id}/items/{itemId}/resend, optionally to a corrected recipient. */
export function resendOrderItem(
  api: ApiClient,
  orderId: string,
  itemId: string,
  resend: OrderItemResend,
) {
  return api.call(orderingApi.resendOrderItem, { params: { orderId, itemId }, body: resend });
}
