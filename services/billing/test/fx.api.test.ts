import { randomUUID } from 'node:crypto';
import { verifyLedger } from '@boon/billing';
import {
  fxQuoteSchema,
  tradeSchema,
  type Balances,
  type FxQuote,
  type Trade,
} from '@boon/contracts';
import { eq, fxQuotes, fxTrades } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  customerManagementClient,
  forbidden,
  GLOBEX,
  startServer,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/** Boon FX through the real server: quotes, trades, and every refusal. */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;
const FINANCE = 'finance@acme.test';

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server, '/api/billing');
});

afterAll(async () => {
  await server?.close();
});

async function quote(body: unknown, options: CallOptions = {}) {
  return client.call<FxQuote>('POST', '/fx/quotes', {
    email: FINANCE,
    customerId: ACME,
    body,
    ...options,
  });
}

function trade(quoteId: string, options: CallOptions = {}) {
  return client.call<Trade>('POST', '/trades', {
    email: FINANCE,
    customerId: ACME,
    idempotencyKey: randomUUID(),
    body: { quoteId },
    ...options,
  });
}

async function available(currency: string): Promise<bigint> {
  const answer = await client.call<Balances>('GET', '/balances', {
    email: FINANCE,
    customerId: ACME,
  });
  const found = answer.body.balances.find((balance) => balance.currency === currency);
  return BigInt(found!.available.replace('.', ''));
}

describe('POST /fx/quotes', () => {
  it('quotes selling 200 GBP for EUR: rate, fee, both amounts and a minute to use it', async () => {
    const answer = await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '200' });
    expect(answer.status).toBe(201);
    const body = fxQuoteSchema.parse(answer.body);
    expect(body).toMatchObject({
      sellCurrency: 'GBP',
      buyCurrency: 'EUR',
      sellAmount: '200.00',
      exchangedAmount: '199.50',
      fee: '0.50',
      rate: '1.158734177',
      buyAmount: '231.16',
    });
    const seconds = (Date.parse(body.expiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('quotes buying an exact amount, the fee on top', async () => {
    const answer = await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', buyAmount: '100' });
    const body = fxQuoteSchema.parse(answer.body);
    expect(body.buyAmount).toBe('100.00');
    const pence = (text: string) => BigInt(text.replace('.', ''));
    expect(pence(body.exchangedAmount) + pence(body.fee)).toBe(pence(body.sellAmount));
    // 100 EUR at 1.158734177 needs 86.31 GBP exchanged (86.30 buys 99.99); 0.25% of it is 0.22.
    expect([body.exchangedAmount, body.fee]).toEqual(['86.31', '0.22']);
  });

  it.each([
    ['both amounts', { sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '1', buyAmount: '1' }],
    ['no amount', { sellCurrency: 'GBP', buyCurrency: 'EUR' }],
    ['one currency twice', { sellCurrency: 'GBP', buyCurrency: 'GBP', sellAmount: '1' }],
    ['too many decimals', { sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '1.001' }],
  ])('refuses %s', async (_what, body) => {
    expect((await quote(body)).body).toMatchObject({ status: 422, code: 'validation_error' });
  });

  it('refuses a currency the company holds no balance in, and a company without FX', async () => {
    const jpy = await quote({ sellCurrency: 'GBP', buyCurrency: 'JPY', sellAmount: '10' });
    expect(jpy.body).toMatchObject({ status: 422, code: 'currency_not_a_float' });
    const globex = await quote(
      { sellCurrency: 'USD', buyCurrency: 'GBP', sellAmount: '10' },
      { email: 'owner@globex.test', customerId: GLOBEX },
    );
    expect(globex.body).toMatchObject({ status: 403, code: 'fx_not_enabled' });
  });

  it('is for write:top_up_by_fx: the service manager may, the viewer and the agent may not', async () => {
    const body = { sellCurrency: 'USD', buyCurrency: 'EUR', sellAmount: '10' };
    expect((await quote(body, { email: 'manager@acme.test' })).status).toBe(201);
    for (const email of ['viewer@acme.test', 'agent@acme.test']) {
      expect(await quote(body, { email })).toEqual({ status: 403, body: forbidden });
    }
  });
});

describe('POST /trades', () => {
  it('exchanges: GBP down by the quote, EUR up by it, three linked movements, once', async () => {
    const gbp = await available('GBP');
    const eur = await available('EUR');
    const offered = fxQuoteSchema.parse(
      (await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '200' })).body,
    );
    const idempotencyKey = randomUUID();
    const made = await trade(offered.quoteId, { idempotencyKey });
    expect(made.status).toBe(201);
    expect(tradeSchema.parse(made.body)).toMatchObject({ status: 'SUCCESSFUL', quote: offered });
    expect(await available('GBP')).toBe(gbp - 20_000n);
    expect(await available('EUR')).toBe(eur + BigInt(offered.buyAmount.replace('.', '')));

    const movements = await client.call<{ items: { transactionId: string; subtype: string }[] }>(
      'GET',
      `/transactions?search=${made.body.tradeId}`,
      { email: FINANCE, customerId: ACME },
    );
    expect(movements.body.items.map((item) => item.subtype).sort()).toEqual([
      'FX_FEES',
      'FX_TRANSFERS_IN',
      'FX_TRANSFERS_OUT',
    ]);

    // The same request again is the same trade; the quote cannot be used for another.
    expect(await trade(offered.quoteId, { idempotencyKey })).toEqual(made);
    expect((await trade(offered.quoteId)).body).toMatchObject({
      status: 409,
      code: 'fx_quote_used',
    });
    expect(await available('GBP')).toBe(gbp - 20_000n);

    const read = await client.call('GET', `/trades/${made.body.tradeId}`, {
      email: 'viewer@acme.test',
      customerId: ACME,
    });
    expect(read).toEqual({ status: 200, body: made.body });
    const other = await client.call('GET', `/trades/${made.body.tradeId}`, {
      email: 'owner@globex.test',
      customerId: GLOBEX,
    });
    expect(other.body).toMatchObject({ status: 404, code: 'trade_not_found' });
  });

  it('refuses an expired quote, moving nothing', async () => {
    const gbp = await available('GBP');
    const offered = (await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '10' }))
      .body;
    await server.db
      .update(fxQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(fxQuotes.id, offered.quoteId));
    expect((await trade(offered.quoteId)).body).toMatchObject({
      status: 409,
      code: 'fx_quote_expired',
      message: 'This quote has expired, so nothing was exchanged. Ask for a new quote.',
    });
    expect(await available('GBP')).toBe(gbp);
  });

  it('refuses a trade larger than the balance, writing no trade and keeping the quote', async () => {
    const gbp = await available('GBP');
    const offered = (
      await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '9999999' })
    ).body;
    expect((await trade(offered.quoteId)).body).toMatchObject({
      status: 409,
      code: 'insufficient_funds',
    });
    expect(await available('GBP')).toBe(gbp);
    const [row] = await server.db.select().from(fxQuotes).where(eq(fxQuotes.id, offered.quoteId));
    expect(row?.tradeId).toBeNull();
    expect(
      await server.db.select().from(fxTrades).where(eq(fxTrades.quoteId, offered.quoteId)),
    ).toEqual([]);
  });

  it("refuses another company's quote as not found", async () => {
    const offered = (await quote({ sellCurrency: 'GBP', buyCurrency: 'EUR', sellAmount: '10' }))
      .body;
    const answer = await client.call('POST', '/trades', {
      email: 'multi@acme.test',
      customerId: GLOBEX,
      idempotencyKey: randomUUID(),
      body: { quoteId: offered.quoteId },
    });
    expect(answer.body).toMatchObject({ status: 404, code: 'fx_quote_not_found' });
  });

  it('leaves the ledger consistent', async () => {
    const checks = await verifyLedger(server.db);
    expect(checks.filter((check) => check.mismatches.length > 0)).toEqual([]);
  });
});
