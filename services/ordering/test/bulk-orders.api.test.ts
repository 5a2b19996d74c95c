import { randomUUID } from 'node:crypto';
import { verifyLedger } from '@boon/billing';
import {
  BULK_BATCH_ABANDONED_DAYS,
  balancesSchema,
  bulkBatchSchema,
  bulkEstimateSchema,
  orderPageSchema,
  type Balances,
  type BulkBatch,
} from '@boon/contracts';
import {
  and,
  auditLog,
  bulkBatches,
  customers,
  bulkChunks,
  bulkRows,
  eq,
  orderItems,
  orders,
  sql,
} from '@boon/db';
import { discardAbandonedBulkBatches } from '@boon/ordering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  customerManagementClient,
  GLOBEX,
  startServer,
  type TestServer,
} from '@boon/server/testing';

/**
 * Bulk orders through the real server: a batch, its rows in numbered chunks kept
 * once, the last chunk paying the whole batch as orders of at most 200 rewards, or nothing.
 */

let server: TestServer;
let ordering: ReturnType<typeof customerManagementClient>;
let billing: ReturnType<typeof customerManagementClient>;

const OWNER = 'owner@acme.test';
const VIEWER = 'viewer@acme.test';
const GLOBEX_OWNER = 'owner@globex.test';

beforeAll(async () => {
  server = await startServer();
  ordering = customerManagementClient(server, '/api/ordering');
  billing = customerManagementClient(server, '/api/billing');
});
afterAll(async () => {
  await server?.close();
});

const row = (n: number, overrides: Record<string, unknown> = {}) => ({
  name: `Recipient ${n}`,
  email: `bulk-${n}@example.com`,
  productCode: 'ACORN-BOOKS-US',
  currency: 'USD',
  faceValue: '10.00',
  ...overrides,
});

async function available(currency = 'USD') {
  const answer = await billing.call<Balances>('GET', '/balances', {
    email: OWNER,
    customerId: ACME,
  });
  return balancesSchema.parse(answer.body).balances.find((b) => b.currency === currency)?.available;
}

async function start(
  rowCount: number,
  chunkCount: number,
  email = OWNER,
  customerId = ACME,
  more: Record<string, unknown> = {},
) {
  const answer = await ordering.call<BulkBatch>('POST', '/bulk-orders', {
    email,
    customerId,
    body: { rowCount, chunkCount, description: 'Survey thanks, November', ...more },
    idempotencyKey: randomUUID(),
  });
  return answer;
}

function sendChunk(
  batchId: string,
  chunkNumber: number,
  firstRow: number,
  rows: unknown[],
  email = OWNER,
  customerId = ACME,
) {
  return ordering.call<BulkBatch>('POST', `/bulk-orders/${batchId}/chunks`, {
    email,
    customerId,
    body: { chunkNumber, firstRow, rows },
  });
}

const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);

describe('POST /bulk-orders/estimate', () => {
  it('prices the rewards per currency, counts their orders and shows each balance after', async () => {
    const before = await available();
    const answer = await ordering.call('POST', '/bulk-orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: {
        groups: [
          { productCode: 'ACORN-BOOKS-US', currency: 'USD', faceValue: '10.00', count: 450 },
          { productCode: 'NORTHWIND-COFFEE-US', currency: 'USD', faceValue: '25', count: 3 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    // 4,500 + 75 USD, 3 % off; 450 rewards make 3 orders of at most 200, and 3 make one.
    expect(bulkEstimateSchema.parse(answer.body)).toEqual({
      currencies: [
        {
          currency: 'USD',
          items: 453,
          orders: 4,
          faceValue: '4575.00',
          discount: '137.25',
          fees: '0.00',
          total: '4437.75',
          payment: null,
        },
      ],
      balances: [
        {
          currency: 'USD',
          available: before,
          total: '4437.75',
          after: ((cents(before) - 443775) / 100).toFixed(2),
          sufficient: true,
        },
      ],
      sufficient: true,
    });
  });

  it('names the group and field the order rules refuse', async () => {
    const answer = await ordering.call('POST', '/bulk-orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: {
        groups: [
          { productCode: 'ACORN-BOOKS-US', currency: 'USD', faceValue: '10.00', count: 1 },
          { productCode: 'ACORN-BOOKS-US', currency: 'USD', faceValue: '30.00', count: 2 },
        ],
      },
    });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        code: 'validation_error',
        fieldErrors: [
          {
            path: 'body.groups.1.faceValue',
            message: expect.stringMatching(/^Acorn Books offers /),
          },
        ],
      },
    });
  });
});

describe('a bulk order paid from a balance in another currency (Boon FX)', () => {
  // As one order's: 10 CAD at Acme's 0.97 is 9.70 CAD, which takes 7.04 USD exchanged at
  // 1.378075 and a 0.02 USD fee: 7.06 USD a reward. 10 USD at Acorn Books is 9.70 USD.
  const cadRow = (n: number) =>
    row(n, { productCode: 'NORTHWIND-COFFEE-CA', currency: 'CAD', faceValue: '10.00' });

  it('prices each currency and the exchange, and each paying balance after everything it pays', async () => {
    const before = await available();
    const answer = await ordering.call('POST', '/bulk-orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: {
        groups: [
          { productCode: 'ACORN-BOOKS-US', currency: 'USD', faceValue: '10.00', count: 2 },
          { productCode: 'NORTHWIND-COFFEE-CA', currency: 'CAD', faceValue: '10.00', count: 3 },
        ],
        payFrom: { CAD: 'USD' },
      },
    });
    expect(answer.status).toBe(200);
    expect(bulkEstimateSchema.parse(answer.body)).toEqual({
      currencies: [
        {
          currency: 'USD',
          items: 2,
          orders: 1,
          faceValue: '20.00',
          discount: '0.60',
          fees: '0.00',
          total: '19.40',
          payment: null,
        },
        {
          currency: 'CAD',
          items: 3,
          orders: 1,
          faceValue: '30.00',
          discount: '0.90',
          fees: '0.00',
          total: '29.10',
          payment: {
            currency: 'USD',
            rate: '1.378075',
            exchanged: '21.12',
            fee: '0.06',
            total: '21.18',
          },
        },
      ],
      // 19.40 + 21.18 USD from the one balance.
      balances: [
        {
          currency: 'USD',
          available: before,
          total: '40.58',
          after: ((cents(before) - 4058) / 100).toFixed(2),
          sufficient: true,
        },
      ],
      sufficient: true,
    });
  });

  it('pays the batch from the balance named: the CAD rewards exchanged one by one, no CAD balance opened', async () => {
    const before = await available();
    const started = await start(5, 1, OWNER, ACME, { payFrom: { CAD: 'USD' } });
    expect(started.status).toBe(201);
    expect(bulkBatchSchema.parse(started.body).payFrom).toEqual({ CAD: 'USD' });
    const batchId = bulkBatchSchema.parse(started.body).batchId;
    const paid = await sendChunk(batchId, 1, 1, [row(1), cadRow(2), row(3), cadRow(4), cadRow(5)]);
    expect(paid.status).toBe(200);
    const batch = bulkBatchSchema.parse(paid.body);
    expect(batch).toMatchObject({ status: 'PAID', payFrom: { CAD: 'USD' } });
    expect([...batch.totals].sort((a, b) => a.currency.localeCompare(b.currency))).toEqual([
      expect.objectContaining({ currency: 'CAD', items: 3, total: '29.10' }),
      expect.objectContaining({ currency: 'USD', items: 2, total: '19.40' }),
    ]);
    expect(cents(await available())).toBe(cents(before) - 4058);
    expect(await available('CAD')).toBeUndefined();
    const cadOrder = batch.orders.find((order) => order.currency === 'CAD');
    const order = await ordering.call('GET', `/orders/${cadOrder?.orderId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(order.body).toMatchObject({
      currency: 'CAD',
      itemCount: 3,
      payment: { currency: 'USD', rate: '1.378075', total: '21.18' },
    });
    expect((await verifyLedger(server.db)).flatMap((check) => check.mismatches)).toEqual([]);
  });

  it('refuses rows in a currency the company holds no balance in, when no other balance is named', async () => {
    const estimate = await ordering.call('POST', '/bulk-orders/estimate', {
      email: OWNER,
      customerId: ACME,
      body: {
        groups: [
          { productCode: 'NORTHWIND-COFFEE-CA', currency: 'CAD', faceValue: '10.00', count: 1 },
        ],
      },
    });
    expect(estimate).toMatchObject({
      status: 422,
      body: { fieldErrors: [{ path: 'body.groups.0.currency' }] },
    });
    const started = bulkBatchSchema.parse((await start(1, 1)).body);
    const chunk = await sendChunk(started.batchId, 1, 1, [cadRow(1)]);
    expect(chunk).toMatchObject({
      status: 422,
      body: {
        code: 'validation_error',
        fieldErrors: [
          {
            path: 'body.rows.0.currency',
            message:
              'Row 1: This company has no balance in that currency. Choose one of your balance currencies.',
          },
        ],
      },
    });
  });

  it.each([
    [
      'a balance the company does not hold',
      ACME,
      OWNER,
      { CAD: 'JPY' },
      422,
      'currency_not_a_float',
      'body.payFrom.CAD',
    ],
    [
      'a currency Boon FX does not exchange',
      ACME,
      OWNER,
      { ISK: 'USD' },
      422,
      'validation_error',
      'body.payFrom.ISK',
    ],
    ['a company with FX off', GLOBEX, GLOBEX_OWNER, { CAD: 'USD' }, 403, 'fx_not_enabled', null],
  ])(
    'refuses to start or price one paid from %s',
    async (_what, customerId, email, payFrom, status, code, path) => {
      const body = { code, ...(path ? { fieldErrors: [{ path }] } : {}) };
      expect(await start(1, 1, email, customerId, { payFrom })).toMatchObject({ status, body });
      const estimate = await ordering.call('POST', '/bulk-orders/estimate', {
        email,
        customerId,
        body: {
          groups: [
            { productCode: 'ACORN-BOOKS-US', currency: 'USD', faceValue: '10.00', count: 1 },
          ],
          payFrom,
        },
      });
      expect(estimate).toMatchObject({ status, body });
    },
  );

  it('refuses the next chunk when Boon FX was turned off after the start, and pays nothing', async () => {
    const before = await available();
    const batchId = bulkBatchSchema.parse(
      (await start(2, 2, OWNER, ACME, { payFrom: { CAD: 'USD' } })).body,
    ).batchId;
    expect((await sendChunk(batchId, 1, 1, [cadRow(1)])).status).toBe(200);
    const [acme] = await server.db.select().from(customers).where(eq(customers.id, ACME));
    await server.db
      .update(customers)
      .set({ featureFlags: { ...acme!.featureFlags, fx: false } })
      .where(eq(customers.id, ACME));
    try {
      expect(await sendChunk(batchId, 2, 2, [cadRow(2)])).toMatchObject({
        status: 403,
        body: { code: 'fx_not_enabled' },
      });
    } finally {
      await server.db
        .update(customers)
        .set({ featureFlags: acme!.featureFlags })
        .where(eq(customers.id, ACME));
    }
    expect(await available()).toBe(before);
  });

  it('names every currency whose paying balance cannot pay, at once', async () => {
    const answer = await start(1, 1, OWNER, ACME, { payFrom: { CAD: 'JPY', ISK: 'USD' } });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        code: 'currency_not_a_float',
        fieldErrors: [{ path: 'body.payFrom.CAD' }, { path: 'body.payFrom.ISK' }],
      },
    });
  });

  it('refuses a currency named to pay for itself', async () => {
    const answer = await start(1, 1, OWNER, ACME, { payFrom: { USD: 'USD' } });
    expect(answer).toMatchObject({ status: 422, body: { code: 'validation_error' } });
  });
});

describe('a bulk order', () => {
  it('keeps each chunk once, and pays the whole batch with the last: orders of at most 200', async () => {
    const before = await available();
    const started = await start(450, 3);
    expect(started.status).toBe(201);
    const batch = bulkBatchSchema.parse(started.body);
    expect(batch).toMatchObject({
      status: 'OPEN',
      rowCount: 450,
      chunkCount: 3,
      chunksReceived: [],
    });

    // 300 rows of 10 USD at Acorn Books, 150 of 25 USD at Northwind Coffee, mixed.
    const rows: Record<string, unknown>[] = Array.from({ length: 450 }, (_, i) =>
      i % 3 === 2
        ? row(i + 1, { productCode: 'NORTHWIND-COFFEE-US', faceValue: '25.00' })
        : row(i + 1),
    );
    // A name a spreadsheet would run as a formula: the results download must not.
    rows[0] = row(1, { name: '=HYPERLINK("http://evil.example")' });
    const first = await sendChunk(batch.batchId, 1, 1, rows.slice(0, 200));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'OPEN', chunksReceived: [1] });
    // The connection dropped before the answer: the same chunk again changes nothing.
    const again = await sendChunk(batch.batchId, 1, 1, rows.slice(0, 200));
    expect(again.body).toMatchObject({ status: 'OPEN', chunksReceived: [1] });
    // Chunks may come in any order; nothing is paid before the last.
    expect((await sendChunk(batch.batchId, 3, 401, rows.slice(400))).body).toMatchObject({
      status: 'OPEN',
      chunksReceived: [1, 3],
    });
    expect(await available()).toBe(before);

    const last = await sendChunk(batch.batchId, 2, 201, rows.slice(200, 400));
    expect(last.status).toBe(200);
    const paid = bulkBatchSchema.parse(last.body);
    expect(paid.status).toBe('PAID');
    expect(paid.chunksReceived).toEqual([1, 2, 3]);
    // 300 Acorn Books rewards: orders of 200 and 100; 150 Northwind Coffee: one order.
    expect(paid.orders.map((order) => order.itemCount).sort((a, b) => a - b)).toEqual([
      100, 150, 200,
    ]);
    // 300 × 10 + 150 × 25 = 6,750 USD, 3 % off: 6,547.50.
    expect(paid.totals).toEqual([
      {
        currency: 'USD',
        items: 450,
        faceValue: '6750.00',
        discount: '202.50',
        fees: '0.00',
        total: '6547.50',
      },
    ]);
    expect(cents(await available())).toBe(cents(before) - 654750);

    // Every row is one reward, exactly once.
    const kept = await server.db
      .select({ orderId: bulkRows.orderId, itemId: bulkRows.itemId })
      .from(bulkRows)
      .where(eq(bulkRows.batchId, batch.batchId));
    expect(kept).toHaveLength(450);
    expect(new Set(kept.map((r) => r.itemId)).size).toBe(450);
    const items = (await server.db.execute(sql`
      select count(*)::int as n from ${orderItems} i join ${orders} o on o.id = i.order_id
       where o.bulk_batch_id = ${batch.batchId}`)) as unknown as { rows: { n: number }[] };
    expect(items.rows[0]?.n).toBe(450);

    // The worker sends them; the batch says where they are.
    const deadline = Date.now() + 60_000;
    let view = paid;
    while (view.progress.pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      view = bulkBatchSchema.parse(
        (
          await ordering.call('GET', `/bulk-orders/${batch.batchId}`, {
            email: VIEWER,
            customerId: ACME,
          })
        ).body,
      );
    }
    expect(view.progress).toEqual({ sent: 450, failed: 0, cancelled: 0, pending: 0 });
    expect(view.orders.every((order) => order.status === 'COMPLETED')).toBe(true);

    // The results, as CSV: each row with its order and where its reward and e-mail are.
    const csv = await fetch(`${server.baseUrl}/api/ordering/bulk-orders/${batch.batchId}`, {
      headers: {
        authorization: `Bearer ${await ordering.tokenFor(VIEWER)}`,
        'x-customer-id': ACME,
        accept: 'text/csv',
        'accept-encoding': 'identity',
      },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(451);
    expect(lines[0]).toBe(
      'Row,Recipient name,Recipient e-mail,Merchant code,Currency,Value,Order,Reward status,E-mail status,Reason',
    );
    expect(lines[1]).toMatch(
      /^1,"'=HYPERLINK\(""http:\/\/evil\.example""\)",bulk-1@example\.com,ACORN-BOOKS-US,USD,10\.00,OR-[A-Z0-9]+,SENT,email-sent,$/,
    );

    // A chunk sent again after paying still answers the batch, and pays nothing twice.
    expect((await sendChunk(batch.batchId, 2, 201, rows.slice(200, 400))).body).toMatchObject({
      status: 'PAID',
    });
    expect(cents(await available())).toBe(cents(before) - 654750);
  }, 90_000);

  it('refuses a chunk that does not match what was sent under its number or for its rows', async () => {
    const batch = bulkBatchSchema.parse((await start(4, 2)).body);
    expect((await sendChunk(batch.batchId, 1, 1, [row(1), row(2)])).status).toBe(200);
    const changed = await sendChunk(batch.batchId, 1, 1, [
      row(1),
      row(2, { name: 'Someone else' }),
    ]);
    expect(changed).toMatchObject({ status: 409, body: { code: 'bulk_chunk_conflict' } });
    const overlapping = await sendChunk(batch.batchId, 2, 2, [row(2), row(3), row(4)]);
    expect(overlapping).toMatchObject({ status: 409, body: { code: 'bulk_chunk_conflict' } });
    const pastTheEnd = await sendChunk(batch.batchId, 2, 4, [row(4), row(5)]);
    expect(pastTheEnd).toMatchObject({ status: 422, body: { code: 'validation_error' } });
    const noSuchChunk = await sendChunk(batch.batchId, 3, 3, [row(3)]);
    expect(noSuchChunk).toMatchObject({
      status: 422,
      body: {
        fieldErrors: [
          { path: 'body.chunkNumber', message: expect.stringMatching(/comes in 2 chunks/) },
        ],
      },
    });
    const view = await ordering.call<BulkBatch>('GET', `/bulk-orders/${batch.batchId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(view.body).toMatchObject({ status: 'OPEN', chunksReceived: [1] });
  });

  it('takes a chunk of 1,000 rows with long messages, beyond the 1 MB other requests get', async () => {
    const batch = bulkBatchSchema.parse((await start(2000, 2)).body);
    const message = { header: 'Merci beaucoup !', body: 'é'.repeat(1000), colour: '#1d4ed8' };
    const rows = Array.from({ length: 1000 }, (_, i) => row(i + 1, { message }));
    expect(
      Buffer.byteLength(JSON.stringify({ chunkNumber: 1, firstRow: 1, rows })),
    ).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await sendChunk(batch.batchId, 1, 1, rows);
    expect(answer).toMatchObject({ status: 200, body: { status: 'OPEN', chunksReceived: [1] } });
  });

  it("names each bad row and field, as the order rules say, and keeps none of the chunk's rows", async () => {
    const batch = bulkBatchSchema.parse((await start(5, 1)).body);
    const answer = await sendChunk(batch.batchId, 1, 1, [
      row(1),
      row(2, { faceValue: '30.00' }),
      row(3, { productCode: 'NO-SUCH-SHOP' }),
      row(4, { productCode: 'NORTHWIND-COFFEE-CA', currency: 'CAD' }),
      row(5, { productCode: 'SKYLINE-TRAVEL-US', faceValue: '100.00' }),
    ]);
    expect(answer.status).toBe(422);
    const { fieldErrors } = answer.body as unknown as {
      fieldErrors: { path: string; message: string }[];
    };
    expect(fieldErrors).toEqual([
      {
        path: 'body.rows.1.faceValue',
        message: expect.stringMatching(/^Row 2: Acorn Books offers /),
      },
      {
        path: 'body.rows.2.productCode',
        message: 'Row 3: There is no merchant NO-SUCH-SHOP in the network.',
      },
      {
        path: 'body.rows.3.currency',
        message: expect.stringMatching(/^Row 4: This company has no balance in that currency/),
      },
      {
        path: 'body.rows.4.productCode',
        message: expect.stringMatching(/^Row 5: Skyline Travel is temporarily unavailable/),
      },
    ]);
    const kept = await server.db.select().from(bulkRows).where(eq(bulkRows.batchId, batch.batchId));
    expect(kept).toEqual([]);

    // A hundred problems are named; the rest are counted.
    const many = bulkBatchSchema.parse((await start(150, 1)).body);
    const refused = await sendChunk(
      many.batchId,
      1,
      1,
      Array.from({ length: 150 }, (_, i) => row(i + 1, { faceValue: '30.00' })),
    );
    const errors = (refused.body as unknown as { fieldErrors: { path: string; message: string }[] })
      .fieldErrors;
    expect(errors).toHaveLength(101);
    expect(errors.at(-1)).toEqual({
      path: 'body.rows',
      message: '50 more rows have problems: fix these, and the rest are checked again.',
    });
  });

  it('pays nothing when the balance is short at the last chunk, and keeps the earlier ones', async () => {
    const before = await available();
    // More 100 USD rewards (97 USD each after the discount) than the balance pays for.
    const count = Math.floor(cents(before) / 9700) + 1;
    const chunks = Math.ceil(count / 1000);
    const batch = bulkBatchSchema.parse((await start(count, chunks)).body);
    const rows = Array.from({ length: count }, (_, i) => row(i + 1, { faceValue: '100.00' }));
    for (let chunk = 1; chunk < chunks; chunk += 1) {
      const firstRow = (chunk - 1) * 1000 + 1;
      expect(
        (await sendChunk(batch.batchId, chunk, firstRow, rows.slice(firstRow - 1, firstRow + 999)))
          .status,
      ).toBe(200);
    }
    const firstRow = (chunks - 1) * 1000 + 1;
    const last = await sendChunk(batch.batchId, chunks, firstRow, rows.slice(firstRow - 1));
    expect(last).toMatchObject({ status: 409, body: { code: 'insufficient_funds' } });
    expect(await available()).toBe(before);
    const view = await ordering.call<BulkBatch>('GET', `/bulk-orders/${batch.batchId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(view.body).toMatchObject({
      status: 'OPEN',
      orders: [],
      chunksReceived: Array.from({ length: chunks - 1 }, (_, i) => i + 1),
    });
  }, 60_000);

  it("lists a batch's orders in history, marked with the batch, and only those when asked", async () => {
    // 250 rows make two orders of the batch; an order of another batch is not among them.
    const started = bulkBatchSchema.parse((await start(1, 1)).body);
    const other = bulkBatchSchema.parse((await sendChunk(started.batchId, 1, 1, [row(1)])).body);
    expect(other.status).toBe('PAID');
    const batch = bulkBatchSchema.parse((await start(250, 1)).body);
    const paid = bulkBatchSchema.parse(
      (
        await sendChunk(
          batch.batchId,
          1,
          1,
          Array.from({ length: 250 }, (_, i) => row(i + 1)),
        )
      ).body,
    );
    expect(paid.orders).toHaveLength(2);

    const list = (query: string, email = VIEWER, customerId = ACME) =>
      ordering.call('GET', `/orders?${query}`, { email, customerId });
    const answer = await list(`batchId=${batch.batchId}&limit=100`);
    expect(answer.status).toBe(200);
    const page = orderPageSchema.parse(answer.body);
    expect(page.items.map((order) => order.orderId).sort()).toEqual(
      paid.orders.map((order) => order.orderId).sort(),
    );
    expect(page.items.every((order) => order.bulkBatchId === batch.batchId)).toBe(true);
    expect(page.items.map((order) => order.itemCount).sort((a, b) => a - b)).toEqual([50, 200]);

    // Unfiltered, each order carries its own batch.
    const all = orderPageSchema.parse((await list('limit=100')).body).items;
    const byId = new Map(all.map((order) => [order.orderId, order.bulkBatchId]));
    expect(byId.get(paid.orders[0]!.orderId)).toBe(batch.batchId);
    expect(byId.get(other.orders[0]!.orderId)).toBe(other.batchId);

    // Not a batch id: refused at the parameter. Another company's view of the batch: nothing.
    expect(await list("batchId=BB-1' or 1=1")).toMatchObject({
      status: 422,
      body: { fieldErrors: [{ path: 'querystring.batchId', message: 'Invalid bulk order id' }] },
    });
    expect(
      orderPageSchema.parse((await list(`batchId=${batch.batchId}`, GLOBEX_OWNER, GLOBEX)).body)
        .items,
    ).toEqual([]);
  });

  it("is for those who may order, and never another company's", async () => {
    expect((await start(1, 1, VIEWER)).status).toBe(403);
    const batch = bulkBatchSchema.parse((await start(1, 1)).body);
    const theirs = await ordering.call('GET', `/bulk-orders/${batch.batchId}`, {
      email: GLOBEX_OWNER,
      customerId: GLOBEX,
    });
    expect(theirs).toMatchObject({ status: 404, body: { code: 'bulk_batch_not_found' } });
    const intoTheirs = await sendChunk(batch.batchId, 1, 1, [row(1)], GLOBEX_OWNER, GLOBEX);
    expect(intoTheirs).toMatchObject({ status: 404, body: { code: 'bulk_batch_not_found' } });
  });

  it('leaves the ledger balanced', async () => {
    const checks = await verifyLedger(server.db);
    expect(checks.flatMap((check) => check.mismatches)).toEqual([]);
  });
});

describe('an abandoned bulk order', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  /** Moves a batch and its chunks back in time, as if uploaded `days` ago. */
  async function age(batchId: string, days: number) {
    const then = new Date(Date.now() - days * DAY_MS);
    await server.db.update(bulkBatches).set({ createdAt: then }).where(eq(bulkBatches.id, batchId));
    await server.db
      .update(bulkChunks)
      .set({ receivedAt: then })
      .where(eq(bulkChunks.batchId, batchId));
  }
  const rowsOf = async (batchId: string) =>
    (await server.db.select().from(bulkRows).where(eq(bulkRows.batchId, batchId))).length;

  it(`is discarded with its rows after ${BULK_BATCH_ABANDONED_DAYS} days without a chunk; paid and recent ones stay`, async () => {
    const abandoned = bulkBatchSchema.parse((await start(3, 2)).body);
    expect((await sendChunk(abandoned.batchId, 1, 1, [row(1), row(2)])).status).toBe(200);
    await age(abandoned.batchId, BULK_BATCH_ABANDONED_DAYS + 1);
    // Started, and no chunk ever came.
    const neverSent = bulkBatchSchema.parse((await start(2, 1)).body);
    await age(neverSent.batchId, BULK_BATCH_ABANDONED_DAYS + 1);

    // Started long ago, but a chunk came yesterday: still being uploaded.
    const resumed = bulkBatchSchema.parse((await start(3, 2)).body);
    expect((await sendChunk(resumed.batchId, 1, 1, [row(1)])).status).toBe(200);
    await server.db
      .update(bulkBatches)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(bulkBatches.id, resumed.batchId));
    await server.db
      .update(bulkChunks)
      .set({ receivedAt: new Date(Date.now() - DAY_MS) })
      .where(eq(bulkChunks.batchId, resumed.batchId));

    const recent = bulkBatchSchema.parse((await start(1, 1)).body);
    await age(recent.batchId, BULK_BATCH_ABANDONED_DAYS - 1);

    const paid = bulkBatchSchema.parse((await start(1, 1)).body);
    expect((await sendChunk(paid.batchId, 1, 1, [row(1)])).status).toBe(200);
    await age(paid.batchId, 60);

    expect(await discardAbandonedBulkBatches(server.db, new Date())).toBe(2);
    expect(await rowsOf(abandoned.batchId)).toBe(0);
    const chunksLeft = await server.db
      .select()
      .from(bulkChunks)
      .where(eq(bulkChunks.batchId, abandoned.batchId));
    expect(chunksLeft).toEqual([]);
    const neverSentNow = await ordering.call('GET', `/bulk-orders/${neverSent.batchId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(neverSentNow.status).toBe(404);
    const gone = await ordering.call('GET', `/bulk-orders/${abandoned.batchId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(gone).toMatchObject({ status: 404, body: { code: 'bulk_batch_not_found' } });
    // Its upload cannot resume: the console says to start again.
    const late = await sendChunk(abandoned.batchId, 2, 3, [row(3)]);
    expect(late).toMatchObject({ status: 404, body: { code: 'bulk_batch_not_found' } });
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.target, abandoned.batchId), eq(auditLog.action, 'bulk_batch.discard')),
      );
    expect(audit).toMatchObject({
      action: 'bulk_batch.discard',
      actorUserId: null,
      customerId: ACME,
      details: { rowCount: 3, rowsReceived: 2 },
    });

    expect(await rowsOf(resumed.batchId)).toBe(1);
    for (const kept of [resumed, recent, paid]) {
      const answer = await ordering.call('GET', `/bulk-orders/${kept.batchId}`, {
        email: OWNER,
        customerId: ACME,
      });
      expect(answer.status).toBe(200);
    }
    // Safe to run again: nothing more is due.
    expect(await discardAbandonedBulkBatches(server.db, new Date())).toBe(0);
  });

  it('is looked for every hour by a scheduled job', async () => {
    const { rows } = (await server.db.execute(
      sql`select cron from pgboss.schedule where name = 'ordering.discard-abandoned-bulk-batches'`,
    )) as unknown as { rows: { cron: string }[] };
    expect(rows).toEqual([{ cron: '23 * * * *' }]);
  });
});
