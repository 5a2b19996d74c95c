import {
  billingApi,
  catalogApi,
  orderingApi,
  type Customer,
  type Order,
  type OrderCreate,
  type OrderFxPayment,
  type OrderItem,
  type OrderListQuery,
  type OrderSummary,
  type Product,
} from '@boon/contracts';
import {
  acme,
  apiError,
  type AppSessionOptions,
  fieldRefusal,
  mockApi,
  mockEndpoint,
  serveAppSession,
} from '@boon/console-kit/testing';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { customerRate, orderFxPayment } from '@boon/domain/rates';

/** Acme with balances on in USD and GBP, as the demo data has it. */
export const acmeWithBalances: Customer = {
  ...acme,
  customerFeatureFlags: {
    ...acme.customerFeatureFlags,
    balances: { enabled: true, floats: ['USD', 'GBP'], cardFees: false },
  },
};

function product(overrides: Partial<Product> & Pick<Product, 'productCode' | 'name'>): Product {
  return {
    logoUrl: `/logos/${overrides.productCode.toLowerCase()}.svg`,
    categories: ['food_and_drink'],
    countries: ['US'],
    currency: 'USD',
    denominations: { type: 'fixed', values: ['10.00', '25.00', '50.00'] },
    discountPercent: '4.5',
    redeemable: { online: true, inStore: true },
    state: 'LIVE',
    description: 'A reward.',
    terms: 'Terms apply.',
    redemptionInstructions: 'Show the code.',
    expiryPolicy: { type: 'never' },
    ...overrides,
  };
}

export const coffeeHouse = product({ productCode: 'COFFEE-US', name: 'Coffee House' });
export const bookBarn = product({
  productCode: 'BOOKS-US',
  name: 'Book Barn',
  categories: ['books_and_music'],
  denominations: { type: 'open', min: '5.00', max: '500.00', step: '5.00' },
});
export const closedShop = product({
  productCode: 'CLOSED-US',
  name: 'Closed Shop',
  state: 'TEMPORARILY_DISABLED',
});
export const teaRoom = product({
  productCode: 'TEA-GB',
  name: 'Tea Room',
  countries: ['GB'],
  currency: 'GBP',
});
export const products = [bookBarn, closedShop, coffeeHouse, teaRoom];

const money = (value: number) => value.toFixed(2);

/** Units per US dollar, as the server's shipped table has them, for the fake's FX. */
const perUsd: Record<string, string> = { USD: '1', GBP: '0.7900', EUR: '0.9200' };

/** An order paid from another currency's balance, priced as the server would (the domain's FX). */
export function fxPaymentOf(
  body: Pick<OrderCreate, 'currency' | 'payFrom'>,
  count: number,
  total: number,
): OrderFxPayment | null {
  if (!body.payFrom || body.payFrom === body.currency || count === 0) return null;
  const rate = customerRate(perUsd[body.payFrom] ?? '1', perUsd[body.currency] ?? '1');
  const itemTotal = moneyFromMinor(body.currency, BigInt(Math.round((total / count) * 100)));
  const payment = orderFxPayment(itemTotal, count, body.payFrom, rate);
  const decimal = (minor: bigint) => toDecimalString(moneyFromMinor(body.payFrom!, minor));
  return {
    currency: body.payFrom,
    rate,
    exchanged: decimal(payment.exchanged.minor),
    fee: decimal(payment.fee.minor),
    total: decimal(payment.total.minor),
  };
}

/** An order as the server answers it, issued `done` of its items so far. */
export function orderOf(
  body: OrderCreate,
  {
    orderId = 'OR-TEST0001',
    done: asked = 0,
    mailed = asked,
    bulkBatchId = null,
  }: { orderId?: string; done?: number; mailed?: number; bulkBatchId?: string | null } = {},
): Order {
  // A scheduled order waits for its time: nothing is issued before it.
  const done = body.deliverAt === undefined ? asked : 0;
  const count =
    body.deliveryType === 'link' ? (body.quantity ?? 0) : (body.recipients ?? []).length;
  const face = Number(body.faceValue) * count;
  const discount = face * 0.03;
  const codes = body.productCodes ?? (body.productCode ? [body.productCode] : []);
  const items: OrderItem[] = Array.from({ length: count }, (_, index) => {
    const issued = index < done;
    const recipient = body.recipients?.[index] ?? null;
    return {
      itemId: `OI-TEST${String(index + 1).padStart(4, '0')}`,
      status: issued ? (recipient ? 'SENT' : 'ISSUED') : 'PENDING',
      recipient,
      emailStatus: recipient ? (issued && index < mailed ? 'email-sent' : 'email-queued') : null,
      deliveryError: null,
      redemptionUrl:
        !recipient && issued
          ? `http://localhost:3000/redeem/WG-SL-test${index + 1}abcdefghijklmnop`
          : null,
      productCode: codes.length === 1 ? (codes[0] ?? null) : null,
      claimedAt: null,
      expiresAt: recipient ? null : '2027-02-24T10:00:00.000Z',
    };
  });
  return {
    orderId,
    status: body.deliverAt ? 'SCHEDULED' : done >= count ? 'COMPLETED' : 'PROCESSING',
    deliveryType: body.deliveryType,
    productCodes: codes,
    productNames: codes.map((code) => products.find((p) => p.productCode === code)?.name ?? code),
    currency: body.currency,
    faceValue: money(Number(body.faceValue)),
    itemCount: count,
    totals: {
      faceValue: money(face),
      discount: money(discount),
      fees: '0.00',
      total: money(face - discount),
    },
    payment: fxPaymentOf(body, count, face - discount),
    description: body.description ?? null,
    source: 'PORTAL',
    createdAt: '2026-11-26T10:00:00.000Z',
    createdBy: 'owner@acme.test',
    bulkBatchId,
    deliverAt: body.deliverAt ?? null,
    message: body.message ?? null,
    items,
    progress: { done: Math.min(done, count), total: count },
  };
}

export function summaryOf(order: Order): OrderSummary {
  const { message: _message, items: _items, progress: _progress, ...summary } = order;
  return summary;
}

/** Two orders of Acme's: a completed e-mail order and a link order being issued. */
export const emailOrder = orderOf(
  {
    deliveryType: 'email',
    productCode: 'COFFEE-US',
    currency: 'USD',
    faceValue: '25',
    recipients: [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: '=HYPERLINK("x")', email: 'bad@example.com' },
    ],
    description: 'Thank-you rewards',
    message: { header: 'Thank you!', body: 'For your help.', colour: '#112233' },
  },
  { orderId: 'OR-EMAIL0001', done: 2 },
);
export const linkOrder = orderOf(
  { deliveryType: 'link', productCode: 'BOOKS-US', currency: 'USD', faceValue: '10', quantity: 2 },
  { orderId: 'OR-LINK00001', done: 2 },
);

export interface ServeOrdersOptions extends AppSessionOptions {
  /** USD available (1,000 unless said). */
  usdAvailable?: number;
  /** Acme with Boon FX on: a balance in another currency may pay (off unless said). */
  fx?: boolean;
  /** How POST /orders answers: as the server does, or once without an answer, or refusing. */
  createOutcome?:
    'ok' | 'unanswered-once' | 'face-value-refused' | 'recipient-refused' | 'insufficient';
  /** Orders GET /orders lists (the two above unless said), or a failing list. */
  orders?: Order[] | 'failing';
  /** How many GETs of a new order it takes to issue all its items (2 unless said). */
  pollsToComplete?: number;
  /**
   * How many GETs an issued reward's mail stays in the outbox (0 unless said): the order is
   * COMPLETED meanwhile, its items SENT with "E-mail queued", as the server has it.
   */
  mailLag?: number;
}

/**
 * Answers the session, the catalogue, the balances and the ordering service as the server does
 * for the orders screens, every request and answer checked against the contract's schemas.
 * Records what was asked for.
 */
export function serveOrders(options: ServeOrdersOptions = {}) {
  const created: { body: OrderCreate; idempotencyKey: string | null }[] = [];
  const estimates: OrderCreate[] = [];
  const orderQueries: OrderListQuery[] = [];
  const productQueries: Record<string, unknown>[] = [];
  const cancels: { orderId: string; idempotencyKey: string | null }[] = [];
  const resends: { orderId: string; itemId: string; body: unknown }[] = [];
  const polls: string[] = [];
  const stored = new Map<string, Order>();
  for (const order of options.orders === 'failing'
    ? []
    : (options.orders ?? [emailOrder, linkOrder])) {
    stored.set(order.orderId, order);
  }
  let placed: { body: OrderCreate; gets: number } | undefined;
  const available = options.usdAvailable ?? 1000;
  serveAppSession(
    options,
    options.fx
      ? {
          ...acmeWithBalances,
          customerFeatureFlags: { ...acmeWithBalances.customerFeatureFlags, fx: true },
        }
      : acmeWithBalances,
  );

  mockApi(
    mockEndpoint(catalogApi.listProducts, ({ query }) => {
      productQueries.push(query);
      const search = query.search?.toLowerCase();
      const items = products.filter(
        (p) =>
          (!query.country || p.countries.includes(query.country)) &&
          (!query.currency || p.currency === query.currency) &&
          (!search || p.name.toLowerCase().includes(search)),
      );
      return { items, nextCursor: null };
    }),
    mockEndpoint(catalogApi.getProduct, ({ params }) => {
      return (
        products.find((p) => p.productCode === params.productCode) ?? apiError('product_not_found')
      );
    }),
    mockEndpoint(billingApi.listBalances, () => ({
      balances: [
        {
          currency: 'USD',
          available: money(available),
          pending: '0.00',
          spentLast30Days: '0.00',
          lowBalanceThreshold: null,
        },
        {
          currency: 'GBP',
          available: '500.00',
          pending: '0.00',
          spentLast30Days: '0.00',
          lowBalanceThreshold: null,
        },
      ],
    })),
    mockEndpoint(orderingApi.estimateOrder, ({ body }) => {
      estimates.push(body);
      const order = orderOf(body);
      const payCurrency = order.payment?.currency ?? body.currency;
      const held = payCurrency === 'GBP' ? 500 : available;
      const total = Number(order.payment?.total ?? order.totals.total);
      return {
        currency: body.currency,
        itemCount: order.itemCount,
        totals: order.totals,
        payment: order.payment,
        balance: {
          currency: payCurrency,
          available: money(held),
          after: money(held - total),
          sufficient: total <= held,
        },
      };
    }),
    mockEndpoint(orderingApi.createOrder, ({ body, idempotencyKey }) => {
      created.push({ body, idempotencyKey });
      if (options.createOutcome === 'unanswered-once' && created.length === 1) {
        return apiError('service_unavailable');
      }
      if (options.createOutcome === 'face-value-refused') {
        return fieldRefusal('body.faceValue', 'Coffee House offers 10, 25 or 50 USD.');
      }
      if (options.createOutcome === 'recipient-refused') {
        return fieldRefusal('body.recipients.1.email', 'This address does not take mail.');
      }
      if (options.createOutcome === 'insufficient') return apiError('insufficient_funds');
      placed = { body, gets: 0 };
      const order = orderOf(body, { orderId: 'OR-NEW00001' });
      stored.set(order.orderId, order);
      return order;
    }),
    // Before getOrder: MSW takes the first handler that matches, and /orders/:orderId would.
    mockEndpoint(orderingApi.listOrderedMerchants, () => {
      const merchants = new Map<string, { productCode: string; name: string; currency: string }>();
      for (const order of stored.values()) {
        order.productCodes.forEach((productCode, index) =>
          merchants.set(productCode, {
            productCode,
            name: order.productNames[index] ?? productCode,
            currency: order.currency,
          }),
        );
      }
      return { merchants: [...merchants.values()].sort((a, b) => a.name.localeCompare(b.name)) };
    }),
    mockEndpoint(orderingApi.getOrder, ({ params }) => {
      polls.push(params.orderId);
      if (placed && params.orderId === 'OR-NEW00001') {
        placed.gets += 1;
        const count =
          placed.body.deliveryType === 'link'
            ? (placed.body.quantity ?? 0)
            : (placed.body.recipients?.length ?? 0);
        const steps = options.pollsToComplete ?? 2;
        const issuedBy = (gets: number) =>
          Math.ceil((count * Math.min(Math.max(gets, 0), steps)) / steps);
        const order = orderOf(placed.body, {
          orderId: 'OR-NEW00001',
          done: issuedBy(placed.gets),
          mailed: issuedBy(placed.gets - (options.mailLag ?? 0)),
        });
        stored.set(order.orderId, order);
        return order;
      }
      return stored.get(params.orderId) ?? apiError('order_not_found');
    }),
    mockEndpoint(orderingApi.listOrders, ({ query }) => {
      orderQueries.push(query);
      if (options.orders === 'failing') return apiError('service_unavailable');
      const all = [...stored.values()].filter(
        (order) =>
          (!query.status || order.status === query.status) &&
          (!query.batchId || order.bulkBatchId === query.batchId) &&
          (!query.search ||
            order.orderId.includes(query.search) ||
            (order.description ?? '').toLowerCase().includes(query.search.toLowerCase())),
      );
      const sorted = all.sort((a, b) => {
        const by =
          query.sort === 'total'
            ? Number(a.totals.total) - Number(b.totals.total)
            : a.orderId.localeCompare(b.orderId);
        return query.direction === 'asc' ? by : -by;
      });
      const from = query.cursor === 'page-2' ? query.limit : 0;
      const page = sorted.slice(from, from + query.limit);
      return {
        items: page.map(summaryOf),
        nextCursor: from === 0 && sorted.length > query.limit ? 'page-2' : null,
      };
    }),
    mockEndpoint(orderingApi.cancelOrder, ({ params, idempotencyKey }) => {
      cancels.push({ orderId: params.orderId, idempotencyKey });
      const order = stored.get(params.orderId);
      if (!order) return apiError('order_not_found');
      const cancelled: Order = {
        ...order,
        status: 'CANCELLED',
        items: order.items.map((item) => ({ ...item, status: 'CANCELLED' })),
      };
      stored.set(order.orderId, cancelled);
      return cancelled;
    }),
    mockEndpoint(orderingApi.resendOrderItem, ({ params, body }) => {
      resends.push({ ...params, body });
      const order = stored.get(params.orderId);
      if (!order) return apiError('order_not_found');
      const updated: Order = {
        ...order,
        items: order.items.map((item) =>
          item.itemId === params.itemId
            ? {
                ...item,
                recipient: body.recipient ?? item.recipient,
                emailStatus: 'email-queued',
                deliveryError: null,
              }
            : item,
        ),
      };
      stored.set(order.orderId, updated);
      return updated;
    }),
  );
  return { created, estimates, orderQueries, productQueries, cancels, resends, polls };
}
