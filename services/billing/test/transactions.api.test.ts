import { createTransfers, floatAccountId, openProviderAccount } from '@boon/billing';
import {
  statementListSchema,
  transactionPageSchema,
  type Statement,
  type Transaction,
  type TransactionPage,
} from '@boon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  customerManagementClient,
  forbidden,
  GLOBEX,
  startServer,
  type TestServer,
} from '@boon/server/testing';

/**
 * GET /transactions through the real server, over the demo's twelve months of
 * top-ups: order, keyset paging, each filter, the search, the CSV download and who may see what.
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;
const OWNER = 'owner@acme.test';

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server, '/api/billing');
  // A movement whose reference a spreadsheet would run as a formula, for the CSV's escaping.
  await server.db.transaction(async (tx) => {
    const bank = await openProviderAccount(tx, 'bank_receipts', 'EUR');
    await createTransfers(tx, [
      {
        id: 'test-formula-reference',
        kind: 'posted',
        debitAccountId: bank,
        creditAccountId: floatAccountId(ACME, 'EUR'),
        amount: 100n,
        currency: 'EUR',
        code: 'ADJUSTMENT:CREDIT',
        reference: '=HYPERLINK("http://evil.example")',
      },
    ]);
  });
});

afterAll(async () => {
  await server?.close();
});

async function page(query = '', email = OWNER, customerId = ACME) {
  const answer = await client.call<TransactionPage>('GET', `/transactions${query}`, {
    email,
    customerId,
  });
  expect(answer.status).toBe(200);
  return transactionPageSchema.parse(answer.body);
}

async function all(query: string): Promise<Transaction[]> {
  const items: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '?';
    const next: TransactionPage = await page(
      cursor ? `${query}${separator}limit=7&cursor=${cursor}` : `${query}${separator}limit=7`,
    );
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}

describe('GET /transactions', () => {
  it("lists the demo's year of top-ups newest first, each with the balance after it", async () => {
    const first = await page();
    expect(first.items).toHaveLength(25);
    const times = first.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.items[0]).toMatchObject({
      transactionId: 'test-formula-reference',
      type: 'ADJUSTMENT',
      subtype: 'CREDIT',
      direction: 'CREDIT',
      currency: 'EUR',
      amount: '1.00',
      balanceAfter: '8001.00',
    });
    const topUp = first.items.find((item) => item.type === 'TOP_UP');
    expect(topUp?.subtype).toMatch(/^(BANK_TRANSFER|CARD_PAYMENT)$/);
  });

  it('pages through everything once, in either order, without repeating or skipping', async () => {
    const newest = await all('');
    const oldest = await all('?sort=oldest');
    expect(newest.length).toBeGreaterThan(25);
    expect(new Set(newest.map((t) => t.transactionId)).size).toBe(newest.length);
    expect(oldest.map((t) => t.transactionId)).toEqual(
      newest.map((t) => t.transactionId).reverse(),
    );
  });

  it.each([
    ['currency', '?currency=GBP', (t: Transaction) => t.currency === 'GBP'],
    ['type', '?type=TOP_UP', (t: Transaction) => t.type === 'TOP_UP'],
    ['subtype', '?subtype=CARD_PAYMENT', (t: Transaction) => t.subtype === 'CARD_PAYMENT'],
    ['direction', '?direction=CREDIT', (t: Transaction) => t.direction === 'CREDIT'],
  ])('filters by %s', async (_what, query, holds) => {
    const items = await all(query);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every(holds)).toBe(true);
    const everything = await all('');
    expect(items.length).toBe(everything.filter(holds).length);
  });

  it('filters by UTC days, the last one included, and finds by reference or id', async () => {
    const everything = await all('');
    const day = everything[5]!.createdAt.slice(0, 10);
    const onDay = await all(`?from=${day}&to=${day}`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay.every((t) => t.createdAt.startsWith(day))).toBe(true);
    expect(onDay.length).toBe(everything.filter((t) => t.createdAt.startsWith(day)).length);

    const found = await page('?search=hyperlink');
    expect(found.items.map((t) => t.transactionId)).toEqual(['test-formula-reference']);
    const byId = await page('?search=formula-ref');
    expect(byId.items.map((t) => t.transactionId)).toEqual(['test-formula-reference']);
    // % and _ are literal characters in a search, not patterns.
    expect((await page('?search=%25')).items).toEqual([]);
  });

  it('shows each customer only its own', async () => {
    const globex = await page('', 'owner@globex.test', GLOBEX);
    const acmeIds = new Set((await all('')).map((t) => t.transactionId));
    expect(globex.items.some((t) => acmeIds.has(t.transactionId))).toBe(false);
    const across = await client.call('GET', '/transactions', {
      email: 'owner@globex.test',
      customerId: ACME,
    });
    expect(across).toEqual({ status: 403, body: forbidden });
  });

  it('refuses a cursor that is not its own and a malformed date', async () => {
    for (const query of ['?cursor=bm9wZQ', '?from=24-11-2026', '?limit=1000', '?sort=random']) {
      const answer = await client.call('GET', `/transactions${query}`, {
        email: OWNER,
        customerId: ACME,
      });
      expect(answer.body).toMatchObject({ status: 422, code: 'validation_error' });
    }
  });
});

describe('GET /transactions as CSV', () => {
  async function csv(email: string, query = '') {
    const token = await client.tokenFor(email);
    return fetch(`${server.baseUrl}/api/billing/transactions${query}`, {
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': ACME, accept: 'text/csv' },
    });
  }

  it('downloads every matching transaction, formulas escaped', async () => {
    const response = await csv('finance@acme.test', '?currency=EUR');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-C-ACME0001-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC),Transaction ID,Type,Subtype,Order source,Direction,Currency,Amount,Balance after,Reference',
    );
    const euros = await all('?currency=EUR');
    expect(lines).toHaveLength(euros.length + 1);
    expect(lines[1]).toContain(
      `test-formula-reference,ADJUSTMENT,CREDIT,,CREDIT,EUR,1.00,8001.00,"'=HYPERLINK(""http://evil.example"")"`,
    );
  });

  it('is for download:activity_history: the viewer may list but not download', async () => {
    const response = await csv('viewer@acme.test');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(forbidden);
    expect((await page('', 'viewer@acme.test')).items.length).toBeGreaterThan(0);
  });
});

describe('GET /statements', () => {
  async function statements(email = OWNER): Promise<Statement[]> {
    const answer = await client.call('GET', '/statements', { email, customerId: ACME });
    expect(answer.status).toBe(200);
    return statementListSchema.parse(answer.body).items;
  }

  it('gives each balance a statement per UTC month, unbroken, ending at the ledger balance', async () => {
    const items = await statements();
    for (const [currency, balance] of [
      ['EUR', '8001.00'],
      ['GBP', '10000.00'],
      ['USD', '25000.00'],
    ]) {
      const mine = items.filter((item) => item.currency === currency);
      expect(mine.length).toBeGreaterThanOrEqual(12);
      // Newest first, one month apart, each opening where the previous one closed.
      for (let i = 0; i < mine.length - 1; i += 1) {
        expect(mine[i]!.month > mine[i + 1]!.month).toBe(true);
        expect(mine[i]!.openingBalance).toBe(mine[i + 1]!.closingBalance);
      }
      const cents = (text: string) => BigInt(text.replace('.', ''));
      for (const item of mine) {
        expect(cents(item.openingBalance) + cents(item.credits) - cents(item.debits)).toBe(
          cents(item.closingBalance),
        );
        expect(item.statementId).toBe(`${item.month}-${currency}`);
      }
      expect(mine.at(-1)!.openingBalance).toBe('0.00');
      expect(mine[0]!.closingBalance).toBe(balance);
      expect(mine[0]!.month).toBe(new Date().toISOString().slice(0, 7));
    }
  });

  it('is for read:statements: the viewer and the service agent are refused', async () => {
    for (const email of ['viewer@acme.test', 'agent@acme.test']) {
      const answer = await client.call('GET', '/statements', { email, customerId: ACME });
      expect(answer).toEqual({ status: 403, body: forbidden });
    }
  });

  it('answers one statement, and 404 for a month or currency it does not have', async () => {
    const [latest] = await statements();
    const one = await client.call('GET', `/statements/${latest!.statementId}`, {
      email: 'finance@acme.test',
      customerId: ACME,
    });
    expect(one).toEqual({ status: 200, body: latest });
    for (const id of ['2001-01-GBP', `${latest!.month}-JPY`]) {
      const missing = await client.call('GET', `/statements/${id}`, {
        email: OWNER,
        customerId: ACME,
      });
      expect(missing.body).toMatchObject({ status: 404, code: 'statement_not_found' });
    }
    const malformed = await client.call('GET', '/statements/2026-13-GBP', {
      email: OWNER,
      customerId: ACME,
    });
    expect(malformed.status).toBe(422);
  });

  it('downloads a statement as CSV: opening, each movement with its balance, closing', async () => {
    const items = await statements();
    const busy = items.find((item) => item.currency === 'GBP' && item.transactionCount > 0)!;
    const token = await client.tokenFor('finance@acme.test');
    const response = await fetch(`${server.baseUrl}/api/billing/statements/${busy.statementId}`, {
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': ACME, accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-C-ACME0001-${busy.statementId}.csv"`,
    );
    const csv = await response.text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(busy.transactionCount + 3);
    expect(lines[1]).toBe(`${busy.month}-01,,Opening balance,,,,,${busy.openingBalance},`);
    expect(lines.at(-1)).toMatch(
      new RegExp(`,,Closing balance,,,,,${busy.closingBalance.replace('.', '\\.')},$`),
    );
    // The last movement leaves the balance at the closing balance.
    expect(lines.at(-2)!.split(',')[7]).toBe(busy.closingBalance);

    const viewerToken = await client.tokenFor('manager@acme.test');
    const manager = await fetch(`${server.baseUrl}/api/billing/statements/${busy.statementId}`, {
      headers: {
        authorization: `Bearer ${viewerToken}`,
        'x-customer-id': ACME,
        accept: 'text/csv',
      },
    });
    expect(manager.status).toBe(200);
    // The manager gets the same file (and the response is read, so its connection is let go).
    expect(await manager.text()).toBe(csv);
  });
});
