import { randomUUID } from 'node:crypto';
import { verifyLedger } from '@boon/billing';
import {
  balancesSchema,
  orderEstimateSchema,
  orderPageSchema,
  orderedMerchantsSchema,
  orderSchema,
  redemptionSchema,
  type Balances,
  type Order,
  type OrderEstimate,
  type OrderPage,
  type Redemption,
} from '@boon/contracts';
import { and, customerOrderLimits, customers, eq, orderItems, orders, sql } from '@boon/db';
import { expireDueLinks } from '@boon/ordering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditRows,
  customerManagementClient,
  forbidden,
  GLOBEX,
  latestMail,
  startServer,
  type TestServer,
} from '@boon/server/testing';

/**
 * Ordering end to end through the real server: rules, price, the ledger
 * hold, fulfilment by the worker through the sandbox supplier, mails, history, cancel, resend, and
 * the recipient's link.
 */

let server: TestServer;
let ordering: ReturnType<typeof customerManagementClient>;
let billing: ReturnType<typeof customerManagementClient>;
let redeem: ReturnType<typeof customerManagementClient>;
let mailbox: ReturnType<typeof customerManagementClient>;

const OWNER = 'owner@acme.test';
const VIEWER = 'viewer@acme.test';
const AGENT = 'agent@acme.test';
const GLOBEX_OWNER = 'owner@globex.test';

beforeAll(async () => {
  server = await startServer();
  ordering = customerManagementClient(server, '/api/ordering');
  billing = customerManagementClient(server, '/api/billing');
  redeem = customerManagementClient(server, '/api/redeem');
  mailbox = customerManagementClient(server, '/api/mail');
});

afterAll(async () => {
  await server?.close();
});

const emailOrder = (overrides: Record<string, unknown> = {}) => ({
  deliveryType: 'email',
  productCode: 'NORTHWIND-COFFEE-US',
  currency: 'USD',
  faceValue: '25.00',
  recipients: [
    { name: 'Grace Hopper', email: 'grace@example.com' },
    { name: 'Alan Turing', email: 'alan@example.com' },
  ],
  description: 'Thank-you rewards',
  message: { header: 'Thank you!', body: 'For all your help this quarter.', colour: '#1d4ed8' },
  ...overrides,
});

const linkOrder = (overrides: Record<string, unknown> = {}) => ({
  deliveryType: 'link',
  productCode: 'ACORN-BOOKS-US',
  currency: 'USD',
  faceValue: '10.00',
  quantity: 5,
  ...overrides,
});

function create(body: unknown, email = OWNER, customerId = ACME, key: string = randomUUID()) {
  return ordering.call<Order>('POST', '/orders', { email, customerId, body, idempotencyKey: key });
}

async function available(currency: string, email = OWNER, customerId = ACME) {
  const answer = await billing.call<Balances>('GET', '/balances', { email, customerId });
  const balance = balancesSchema.parse(answer.body).balances.find((b) => b.currency === currency);
  return balance?.available;
}

/** The order once the worker is done with it (the console polls the same way). */
async function settled(orderId: string, customerId = ACME, email = OWNER): Promise<Order> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await ordering.call<Order>('GET', `/orders/${orderId}`, { email, customerId });
    expect(answer.status).toBe(200);
    const order = orderSchema.parse(answer.body);
    if (order.status !== 'PROCESSING' && order.status !== 'SCHEDULED') return order;
    if (Date.now() > deadline) throw new Error(`order ${orderId} never settled: ${order.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /orders/estimate', () => {
  it("prices an order with the customer's discount and shows the balance after it", async () => {
    const before = await available('USD');
    const answer = await ordering.call<OrderEstimate>('POST', '/orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: emailOrder(),
    });
    expect(answer.status).toBe(200);
    const estimate = orderEstimateSchema.parse(answer.body);
    // Acme's multiplier is 0.97: 3 % off two 25 USD rewards.
    expect(estimate).toMatchObject({
      currency: 'USD',
      itemCount: 2,
      totals: { faceValue: '50.00', discount: '1.50', fees: '0.00', total: '48.50' },
      balance: { currency: 'USD', available: before, sufficient: true },
    });
    expect(await available('USD')).toBe(before);
  });
});

describe('an e-mail order', () => {
  it('holds the money, issues each reward, mails it and posts the discounted amount', async () => {
    const before = await available('USD');
    const answer = await create(emailOrder());
    expect(answer.status).toBe(201);
    const created = orderSchema.parse(answer.body);
    expect(created).toMatchObject({
      status: 'PROCESSING',
      source: 'PORTAL',
      createdBy: OWNER,
      totals: { total: '48.50' },
      progress: { done: 0, total: 2 },
    });

    const order = await settled(created.orderId);
    expect(order.status).toBe('COMPLETED');
    expect(order.progress).toEqual({ done: 2, total: 2 });
    for (const item of order.items) {
      expect(item).toMatchObject({
        status: 'SENT',
        emailStatus: 'email-sent',
        productCode: 'NORTHWIND-COFFEE-US',
        // The recipient's link is theirs: the console is not handed it.
        redemptionUrl: null,
      });
    }
    expect(await available('USD')).toBe((Number(before) - 48.5).toFixed(2));

    const mail = await latestMail(server.db, 'grace@example.com');
    expect(mail?.subject).toContain('Thank you!');
    expect(mail?.text).toContain('Northwind Coffee');
    expect(mail?.text).toMatch(/\/redeem\/WG-SL-/);

    const transactions = await billing.call<{ items: { amount: string; reference: string }[] }>(
      'GET',
      `/transactions?search=${created.orderId}`,
      { email: OWNER, customerId: ACME },
    );
    expect(transactions.body.items.map((t) => t.amount)).toEqual(['24.25', '24.25']);

    const audit = await auditRows(server.db, 'order.create', created.orderId);
    expect(audit).toHaveLength(1);
  });

  it('shows the recipient their code, the same one every time', async () => {
    const order = await settled(orderSchema.parse((await create(emailOrder())).body).orderId);
    const [item] = await server.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId))
      .orderBy(orderItems.position)
      .limit(1);
    const token = item?.redemptionToken ?? '';
    const first = await redeem.call<Redemption>('POST', `/links/${token}/claim`, {
      body: { productCode: 'NORTHWIND-COFFEE-US' },
    });
    expect(first.status).toBe(200);
    const claimed = redemptionSchema.parse(first.body);
    expect(claimed).toMatchObject({
      status: 'CLAIMED',
      senderName: 'Acme Rewards Ltd',
      faceValue: '25.00',
      message: { header: 'Thank you!' },
      claim: { productCode: 'NORTHWIND-COFFEE-US', productName: 'Northwind Coffee' },
    });
    const again = await redeem.call<Redemption>('POST', `/links/${token}/claim`, {
      body: { productCode: 'NORTHWIND-COFFEE-US' },
    });
    expect(redemptionSchema.parse(again.body).claim?.code).toBe(claimed.claim?.code);
    expect(await auditRows(server.db, 'redemption.claim_again', item?.id ?? '')).toHaveLength(1);
  });

  it('fails a reward the supplier refuses and gives its money back', async () => {
    const before = await available('USD');
    const created = orderSchema.parse(
      (
        await create(
          emailOrder({ faceValue: '13.13', recipients: [{ name: 'A', email: 'a@example.com' }] }),
        )
      ).body,
    );
    const order = await settled(created.orderId);
    expect(order.status).toBe('FAILED');
    expect(order.items[0]).toMatchObject({ status: 'FAILED' });
    expect(order.items[0]?.deliveryError).toContain('refused');
    expect(await available('USD')).toBe(before);
  });

  it('resends a reward to a corrected address, audited', async () => {
    const order = await settled(orderSchema.parse((await create(emailOrder())).body).orderId);
    const item = order.items[0];
    const answer = await ordering.call<Order>(
      'POST',
      `/orders/${order.orderId}/items/${item?.itemId}/resend`,
      {
        email: OWNER,
        customerId: ACME,
        body: { recipient: { name: 'Grace B. Hopper', email: 'grace.hopper@example.com' } },
      },
    );
    expect(answer.status).toBe(200);
    const after = orderSchema.parse(answer.body);
    expect(after.items[0]?.recipient).toEqual({
      name: 'Grace B. Hopper',
      email: 'grace.hopper@example.com',
    });
    expect((await latestMail(server.db, 'grace.hopper@example.com'))?.subject).toContain(
      'Thank you!',
    );
    const [audit] = await auditRows(server.db, 'order.item.recipient_change', item?.itemId ?? '');
    expect(audit?.details).toMatchObject({
      from: { email: 'grace@example.com' },
      to: { email: 'grace.hopper@example.com' },
    });
  });

  it('shows a mail staff mark undeliverable on the order, with why, until a resend delivers it', async () => {
    const address = `bounce-${randomUUID().slice(0, 8)}@example.com`;
    const order = await settled(
      orderSchema.parse(
        (await create(emailOrder({ recipients: [{ name: 'Ada Bounce', email: address }] }))).body,
      ).orderId,
    );
    expect(order.items[0]).toMatchObject({ emailStatus: 'email-sent', deliveryError: null });
    const mail = await latestMail(server.db, address);
    const reason = "The recipient's mail server said there is no such mailbox.";
    const marked = await mailbox.call<{ status: string; error: string }>(
      'POST',
      `/outbox/${mail?.id}/undeliverable`,
      { email: 'staff@boon.test', body: { reason } },
    );
    expect(marked).toMatchObject({ status: 200, body: { status: 'failed', error: reason } });
    expect(await auditRows(server.db, 'mailbox.mark_undeliverable', String(mail?.id))).toHaveLength(
      1,
    );

    const seen = orderSchema.parse(
      (await ordering.call('GET', `/orders/${order.orderId}`, { email: OWNER, customerId: ACME }))
        .body,
    );
    expect(seen.items[0]).toMatchObject({
      emailStatus: 'email-undeliverable',
      deliveryError: reason,
    });

    const resent = await ordering.call<Order>(
      'POST',
      `/orders/${order.orderId}/items/${seen.items[0]?.itemId}/resend`,
      {
        email: OWNER,
        customerId: ACME,
        body: { recipient: { name: 'Ada Bounce', email: `fixed-${address}` } },
      },
    );
    expect(orderSchema.parse(resent.body).items[0]).toMatchObject({
      emailStatus: 'email-sent',
      deliveryError: null,
    });
  });
});

describe('a link order', () => {
  it('makes WG-SL links, holds the money until a link is claimed, and cancels the rest', async () => {
    const before = await available('USD');
    const created = orderSchema.parse((await create(linkOrder())).body);
    const order = await settled(created.orderId);
    expect(order.status).toBe('COMPLETED');
    expect(order.items).toHaveLength(5);
    for (const item of order.items) {
      expect(item.status).toBe('ISSUED');
      expect(item.redemptionUrl).toMatch(/\/redeem\/WG-SL-[A-Za-z0-9_-]{24}$/);
      expect(item.expiresAt).not.toBeNull();
    }
    // Held: 5 × 9.70, not yet in the transactions.
    expect(await available('USD')).toBe((Number(before) - 48.5).toFixed(2));

    const token = order.items[0]?.redemptionUrl?.split('/redeem/')[1] ?? '';
    const offer = redemptionSchema.parse(
      (await redeem.call<Redemption>('GET', `/links/${token}`)).body,
    );
    expect(offer).toMatchObject({
      status: 'AVAILABLE',
      claim: null,
      choices: [{ productCode: 'ACORN-BOOKS-US', name: 'Acorn Books' }],
    });

    // The page itself: server-rendered, no script.
    const page = await fetch(`${server.baseUrl}/redeem/${token}`);
    expect(page.status).toBe(200);
    const markup = await page.text();
    expect(markup).toContain('Happy Birthday!');
    expect(markup).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const claim = await fetch(`${server.baseUrl}/redeem/${token}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'productCode=ACORN-BOOKS-US',
      redirect: 'manual',
    });
    expect(claim.status).toBe(303);
    const shown = await (await fetch(`${server.baseUrl}/redeem/${token}`)).text();
    expect(shown).toContain('Your Acorn Books code');

    const cancel = await ordering.call<Order>('POST', `/orders/${order.orderId}/cancel`, {
      email: AGENT,
      customerId: ACME,
    });
    expect(cancel.status).toBe(200);
    const cancelled = orderSchema.parse(cancel.body);
    expect(cancelled.status).toBe('PARTIALLY_CANCELLED');
    expect(cancelled.items.map((item) => item.status)).toEqual([
      'CLAIMED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    // Only the claimed link was paid for.
    expect(await available('USD')).toBe((Number(before) - 9.7).toFixed(2));
    const gone = await fetch(
      `${server.baseUrl}/redeem/${order.items[1]?.redemptionUrl?.split('/redeem/')[1]}`,
    );
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This reward was cancelled');
    const again = await ordering.call('POST', `/orders/${order.orderId}/cancel`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'order_not_cancellable' } });
  });

  it('expires unclaimed links and gives their money back', async () => {
    const before = await available('USD');
    const order = await settled(
      orderSchema.parse((await create(linkOrder({ quantity: 2 }))).body).orderId,
    );
    await server.db
      .update(orderItems)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderItems.orderId, order.orderId));
    const token = order.items[0]?.redemptionUrl?.split('/redeem/')[1] ?? '';
    const expired = await redeem.call('GET', `/links/${token}`);
    expect(expired).toMatchObject({ status: 410, body: { code: 'redemption_link_expired' } });
    expect(await expireDueLinks(server.db)).toBe(2);
    const after = await settled(order.orderId);
    expect(after.items.map((item) => item.status)).toEqual(['EXPIRED', 'EXPIRED']);
    expect(await available('USD')).toBe(before);
  });

  it('answers unknown links plainly', async () => {
    const answer = await redeem.call('GET', '/links/WG-SL-aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(answer).toMatchObject({ status: 404, body: { code: 'redemption_link_not_found' } });
    const page = await fetch(`${server.baseUrl}/redeem/not-a-token`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('We could not find this reward');
  });
});

describe('an order paid from a balance in another currency (Boon FX)', () => {
  // 10 CAD links at Acme's 0.97: 9.70 CAD each. USD to CAD at 1.3850 per USD less the 0.5 %
  // spread is 1.378075; 9.70 CAD needs 7.04 USD exchanged (7.03 buys only 9.68), and the 0.25 %
  // fee on 7.04 is 0.0176, 0.02: each link holds 7.06 USD.
  const cadLinks = (overrides: Record<string, unknown> = {}) =>
    linkOrder({
      productCode: 'NORTHWIND-COFFEE-CA',
      currency: 'CAD',
      faceValue: '10.00',
      quantity: 2,
      payFrom: 'USD',
      ...overrides,
    });

  it('prices the exchange before paying, per reward, from the balance that pays', async () => {
    const before = await available('USD');
    const answer = await ordering.call<OrderEstimate>('POST', '/orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: cadLinks(),
    });
    expect(answer.status).toBe(200);
    expect(orderEstimateSchema.parse(answer.body)).toEqual({
      currency: 'CAD',
      itemCount: 2,
      totals: { faceValue: '20.00', discount: '0.60', fees: '0.00', total: '19.40' },
      payment: {
        currency: 'USD',
        rate: '1.378075',
        exchanged: '14.08',
        fee: '0.04',
        total: '14.12',
      },
      balance: {
        currency: 'USD',
        available: before,
        after: (Number(before) - 14.12).toFixed(2),
        sufficient: true,
      },
    });
  });

  it('holds the paying balance, pays the supplier in the order currency, and gives back a cancelled reward exactly', async () => {
    const before = await available('USD');
    const answer = await create(cadLinks());
    expect(answer.status).toBe(201);
    const order = await settled(orderSchema.parse(answer.body).orderId);
    expect(order).toMatchObject({
      currency: 'CAD',
      totals: { total: '19.40' },
      payment: { currency: 'USD', rate: '1.378075', total: '14.12' },
    });
    expect(await available('USD')).toBe((Number(before) - 14.12).toFixed(2));
    // The company holds no CAD balance, and none was opened for it.
    expect(await available('CAD')).toBeUndefined();

    const token = order.items[0]?.redemptionUrl?.split('/redeem/')[1] ?? '';
    const claim = await fetch(`${server.baseUrl}/redeem/${token}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'productCode=NORTHWIND-COFFEE-CA',
      redirect: 'manual',
    });
    expect(claim.status).toBe(303);
    const cancel = await ordering.call<Order>('POST', `/orders/${order.orderId}/cancel`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(cancel.status).toBe(200);
    // The claimed reward's 7.06 USD is spent; the cancelled one's hold came back whole.
    expect(await available('USD')).toBe((Number(before) - 7.06).toFixed(2));
    const legs = await server.db.execute(sql`
      select code, amount::text, currency from ledger_transfers
       where reference = ${order.orderId} and kind = 'posted' order by code`);
    expect((legs as unknown as { rows: unknown[] }).rows).toEqual([
      { code: 'ORDER_ITEM:DISCOUNT_ADJUSTMENT:PORTAL', amount: '30', currency: 'CAD' },
      { code: 'ORDER_ITEM:FX_FEES:PORTAL', amount: '2', currency: 'USD' },
      { code: 'ORDER_ITEM:FX_TRANSFERS_IN:PORTAL', amount: '970', currency: 'CAD' },
    ]);
    expect((await verifyLedger(server.db)).flatMap((check) => check.mismatches)).toEqual([]);
  });

  it.each([
    [
      'a balance the company does not hold',
      ACME,
      OWNER,
      { payFrom: 'JPY' },
      422,
      'currency_not_a_float',
    ],
    [
      'no balance named, in a currency without one',
      ACME,
      OWNER,
      { payFrom: undefined },
      422,
      'currency_not_a_float',
    ],
    ['a company with FX off', GLOBEX, GLOBEX_OWNER, {}, 403, 'fx_not_enabled'],
  ])('refuses %s', async (_what, customerId, email, change, status, code) => {
    const answer = await create(cadLinks(change), email, customerId);
    expect(answer).toMatchObject({ status, body: { code } });
  });
});

describe('the rules, on the server', () => {
  it("refuses an order worth more than the company's limit in its currency, and takes one within it", async () => {
    // Five $10 links: $50 of face value against a $40 limit, then against one of $50. The demo
    // gives Acme no limits, so none are lost after.
    await server.db.insert(customerOrderLimits).values([
      { customerId: ACME, currency: 'USD', maxOrderMinor: 4000n },
      { customerId: ACME, currency: 'EUR', maxOrderMinor: 1n },
    ]);
    try {
      expect(await create(linkOrder())).toMatchObject({
        status: 422,
        body: { code: 'order_limit_exceeded' },
      });
      await server.db
        .update(customerOrderLimits)
        .set({ maxOrderMinor: 5000n })
        .where(
          and(eq(customerOrderLimits.customerId, ACME), eq(customerOrderLimits.currency, 'USD')),
        );
      expect((await create(linkOrder())).status).toBe(201);
    } finally {
      await server.db.delete(customerOrderLimits).where(eq(customerOrderLimits.customerId, ACME));
    }
  });

  it('refuses a viewer and a customer the user does not belong to', async () => {
    expect(await create(linkOrder(), VIEWER)).toMatchObject({ status: 403, body: forbidden });
    expect(await create(linkOrder(), OWNER, GLOBEX)).toMatchObject({
      status: 403,
      body: forbidden,
    });
  });

  it('needs an Idempotency-Key', async () => {
    const answer = await ordering.call('POST', '/orders', {
      email: OWNER,
      customerId: ACME,
      body: linkOrder(),
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'idempotency_key_missing' } });
  });

  it.each([
    [
      'a disabled merchant, by name',
      { productCode: 'SKYLINE-TRAVEL-US', faceValue: '100.00' },
      409,
      'product_unavailable',
    ],
    ['an unknown merchant', { productCode: 'NO-SUCH-SHOP' }, 404, 'product_not_found'],
    ['a value the merchant does not sell', { faceValue: '30.00' }, 422, 'validation_error'],
    ['more than 200 links', { quantity: 201 }, 422, 'validation_error'],
    ['a value over 100,000', { faceValue: '100000.01' }, 422, 'validation_error'],
    [
      'a description over 128 characters',
      { description: 'x'.repeat(129) },
      422,
      'validation_error',
    ],
    [
      'a currency without a balance',
      { productCode: 'NORTHWIND-COFFEE-CA', currency: 'CAD', faceValue: '10.00' },
      422,
      'currency_not_a_float',
    ],
    [
      'a currency toggled off',
      { productCode: 'NORTHWIND-COFFEE-PH', currency: 'PHP', faceValue: '500.00' },
      422,
      'order_currency_not_enabled',
    ],
  ])('refuses %s', async (_name, change, status, code) => {
    const answer = await create(linkOrder(change));
    expect(answer).toMatchObject({ status, body: { code } });
    if (code === 'product_unavailable') {
      expect(JSON.stringify(answer.body)).toContain('Skyline Travel is temporarily unavailable');
    }
  });

  it('refuses a restricted customer, and moves no money', async () => {
    await server.db
      .update(customers)
      .set({ portalOrderingRestricted: true })
      .where(eq(customers.id, ACME));
    try {
      expect(await create(linkOrder())).toMatchObject({
        status: 403,
        body: { code: 'portal_ordering_restricted' },
      });
    } finally {
      await server.db
        .update(customers)
        .set({ portalOrderingRestricted: false })
        .where(eq(customers.id, ACME));
    }
  });

  it('refuses an order the balance cannot pay, writing nothing', async () => {
    const count = async () =>
      (await server.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const before = await count();
    const answer = await create(
      linkOrder({ productCode: 'NORTHWIND-COFFEE-US', faceValue: '500.00', quantity: 200 }),
    );
    expect(answer).toMatchObject({ status: 409, body: { code: 'insufficient_funds' } });
    expect(await count()).toBe(before);
  });
});

describe('order history', () => {
  it('lists, filters, sorts and pages the orders; a viewer may read them', async () => {
    const all = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>('GET', '/orders?limit=100', {
          email: VIEWER,
          customerId: ACME,
        })
      ).body,
    );
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    const dates = all.items.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const links = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>('GET', '/orders?products=ACORN-BOOKS-US&limit=100', {
          email: OWNER,
          customerId: ACME,
        })
      ).body,
    );
    expect(links.items.length).toBeGreaterThan(0);
    expect(links.items.every((o) => o.productCodes.includes('ACORN-BOOKS-US'))).toBe(true);

    const big = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>('GET', '/orders?minValue=50&maxValue=50&limit=100', {
          email: OWNER,
          customerId: ACME,
        })
      ).body,
    );
    expect(big.items.length).toBeGreaterThan(0);
    expect(big.items.every((o) => o.totals.faceValue === '50.00')).toBe(true);

    const searched = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>('GET', '/orders?search=grace.hopper', {
          email: OWNER,
          customerId: ACME,
        })
      ).body,
    );
    expect(searched.items).toHaveLength(1);

    const byTotal = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>('GET', '/orders?sort=total&direction=asc&limit=2', {
          email: OWNER,
          customerId: ACME,
        })
      ).body,
    );
    expect(byTotal.nextCursor).not.toBeNull();
    const next = orderPageSchema.parse(
      (
        await ordering.call<OrderPage>(
          'GET',
          `/orders?sort=total&direction=asc&limit=100&cursor=${byTotal.nextCursor}`,
          { email: OWNER, customerId: ACME },
        )
      ).body,
    );
    const totals = [...byTotal.items, ...next.items].map((o) => Number(o.totals.total));
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(byTotal.items.length + next.items.length).toBe(all.items.length);

    const other = await ordering.call('GET', '/orders', {
      email: GLOBEX_OWNER,
      customerId: GLOBEX,
    });
    expect(orderPageSchema.parse(other.body).items).toEqual([]);
  });

  it("names the merchants the company has ordered from, once each, by name, and no one else's", async () => {
    const answer = await ordering.call('GET', '/orders/merchants', {
      email: VIEWER,
      customerId: ACME,
    });
    expect(answer.status).toBe(200);
    const { merchants } = orderedMerchantsSchema.parse(answer.body);
    const codes = merchants.map((merchant) => merchant.productCode);
    expect(codes).toContain('NORTHWIND-COFFEE-US');
    expect(codes).toContain('ACORN-BOOKS-US');
    expect(new Set(codes).size).toBe(codes.length);
    const names = merchants.map((merchant) => merchant.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(merchants.find((m) => m.productCode === 'ACORN-BOOKS-US')).toEqual({
      productCode: 'ACORN-BOOKS-US',
      name: 'Acorn Books',
      currency: 'USD',
    });
    // Every merchant named is one an order of Acme's has.
    const all = orderPageSchema.parse(
      (await ordering.call('GET', '/orders?limit=100', { email: OWNER, customerId: ACME })).body,
    );
    const ordered = new Set(all.items.flatMap((order) => order.productCodes));
    expect(codes.every((code) => ordered.has(code))).toBe(true);

    const other = await ordering.call('GET', '/orders/merchants', {
      email: GLOBEX_OWNER,
      customerId: GLOBEX,
    });
    expect(orderedMerchantsSchema.parse(other.body).merchants).toEqual([]);
  });
});

describe('money under pressure', () => {
  it('lets exactly 10 of 50 concurrent orders through a balance that pays for 10', async () => {
    // Globex holds 5,000 USD and has no discount: ten 500 USD rewards.
    expect(await available('USD', GLOBEX_OWNER, GLOBEX)).toBe('5000.00');
    const body = linkOrder({
      productCode: 'NORTHWIND-COFFEE-US',
      faceValue: '500.00',
      quantity: 1,
    });
    await ordering.tokenFor(GLOBEX_OWNER);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create(body, GLOBEX_OWNER, GLOBEX)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ code: 'insufficient_funds' });
    }
    expect(await available('USD', GLOBEX_OWNER, GLOBEX)).toBe('0.00');
  });

  it('makes one order of 500 concurrent requests under one Idempotency-Key', async () => {
    const key = randomUUID();
    await ordering.tokenFor(OWNER);
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => create(linkOrder({ quantity: 1 }), OWNER, ACME, key)),
    );
    const ok = answers.filter((answer) => answer.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((answer) => (answer.body as Order).orderId)).size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.body).toMatchObject({ code: 'idempotency_key_in_flight' });
    }
    const made = await server.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`${orders.createdAt} > now() - interval '5 minutes' and ${orders.itemCount} = 1 and ${orders.deliveryType} = 'link' and ${orders.customerId} = ${ACME}`,
      );
    expect(made.map((row) => row.id)).toEqual([(ok[0]?.body as Order).orderId]);
  });

  it('leaves the ledger balanced', async () => {
    const checks = await verifyLedger(server.db);
    expect(checks.flatMap((check) => check.mismatches)).toEqual([]);
  });
});
