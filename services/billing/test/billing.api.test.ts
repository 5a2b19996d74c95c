import { randomUUID } from 'node:crypto';
import { verifyLedger } from '@boon/billing';
import {
  balancesSchema,
  topUpSchema,
  type BankStatementResult,
  type Balances,
  type TopUp,
  type StaffTopUpPage,
  type TopUpPage,
} from '@boon/contracts';
import { eq, ledgerTransfers, users } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditRows,
  customerManagementClient,
  forbidden,
  GLOBEX,
  latestMail,
  mailCount,
  NEWCO,
  startServer,
  unauthorized,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * Billing's balances and bank top-ups through the real server: GET
 * /balances, POST /top-ups, GET /top-ups/{id} and staff's POST /top-ups/{id}/receive, for
 * success, each documented refusal, the wrong tenant, a missing permission and replays.
 */

let server: TestServer;
let client: ReturnType<typeof customerManagementClient>;

const STAFF = 'staff@boon.test';
const OWNER = 'owner@acme.test';

beforeAll(async () => {
  server = await startServer();
  client = customerManagementClient(server, '/api/billing');
});

afterAll(async () => {
  await server?.close();
});

async function balances(email: string, customerId = ACME) {
  const answer = await client.call<Balances>('GET', '/balances', { email, customerId });
  expect(answer.status).toBe(200);
  return balancesSchema.parse(answer.body).balances;
}

async function available(currency: string, customerId = ACME): Promise<string | undefined> {
  const list = await balances(OWNER, customerId);
  return list.find((balance) => balance.currency === currency)?.available;
}

function createTopUp(body: unknown, options: CallOptions = {}) {
  return client.call<TopUp>('POST', '/top-ups', {
    email: OWNER,
    customerId: ACME,
    idempotencyKey: randomUUID(),
    body,
    ...options,
  });
}

describe('GET /balances', () => {
  it("answers one entry per float, in decimal strings, with the demo's figures", async () => {
    const list = await balances(OWNER);
    expect(list.map(({ currency, available, pending }) => [currency, available, pending])).toEqual([
      ['EUR', '8000.00', '0.00'],
      ['GBP', '10000.00', '0.00'],
      ['USD', '25000.00', '0.00'],
    ]);
    for (const balance of list) expect(balance.spentLast30Days).toMatch(/^\d+\.\d{2}$/);
  });

  it('is for read:billing: the viewer reads, the service agent is refused', async () => {
    expect(await balances('viewer@acme.test')).toHaveLength(3);
    const agent = await client.call('GET', '/balances', {
      email: 'agent@acme.test',
      customerId: ACME,
    });
    expect(agent).toEqual({ status: 403, body: forbidden });
  });

  it("shows each customer only its own, and staff any customer's", async () => {
    const globex = await balances('owner@globex.test', GLOBEX);
    expect(globex.map((balance) => [balance.currency, balance.available])).toEqual([
      ['GBP', '2000.00'],
      ['USD', '5000.00'],
    ]);
    const across = await client.call('GET', '/balances', {
      email: 'owner@globex.test',
      customerId: ACME,
    });
    expect(across).toEqual({ status: 403, body: forbidden });
    expect(await balances(STAFF, ACME)).toHaveLength(3);
    expect(await client.call('GET', '/balances', { customerId: ACME })).toEqual({
      status: 401,
      body: unauthorized,
    });
  });

  it('answers an empty list for a customer without floats', async () => {
    expect(await balances('trial@newco.test', NEWCO)).toEqual([]);
  });
});

describe('POST /top-ups (bank transfer)', () => {
  it('creates a pending top-up whose reference is its id, with the bank details to pay', async () => {
    const before = await available('GBP');
    const answer = await createTopUp({ method: 'bank_transfer', currency: 'GBP', amount: '500' });
    expect(answer.status).toBe(201);
    const topUp = topUpSchema.parse(answer.body);
    expect(topUp).toMatchObject({
      method: 'bank_transfer',
      status: 'PENDING',
      currency: 'GBP',
      amount: '500.00',
      receivedAmount: null,
      discrepancy: null,
      paymentReference: topUp.topUpId,
      completedAt: null,
    });
    expect(topUp.bankDetails?.fields.map((field) => field.label)).toContain('Sort code');
    // Nothing is credited until the money arrives.
    expect(await available('GBP')).toBe(before);
    const [audit] = await auditRows(server.db, 'top_up.create', topUp.topUpId);
    expect(audit).toMatchObject({ customerId: ACME, details: { amount: '500', currency: 'GBP' } });
  });

  it('answers a retry with the same key with the first answer, creating one top-up', async () => {
    const idempotencyKey = randomUUID();
    const body = { method: 'bank_transfer', currency: 'USD', amount: '250.50' };
    const first = await createTopUp(body, { idempotencyKey });
    const again = await createTopUp(body, { idempotencyKey });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    const other = await createTopUp({ ...body, amount: '999' }, { idempotencyKey });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    const missing = await client.call('POST', '/top-ups', {
      email: OWNER,
      customerId: ACME,
      body,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'idempotency_key_missing' });
  });

  it('is for write:top_up_by_bank: finance and viewers are refused', async () => {
    for (const email of ['finance@acme.test', 'viewer@acme.test']) {
      const answer = await createTopUp(
        { method: 'bank_transfer', currency: 'GBP', amount: '10' },
        { email },
      );
      expect(answer).toEqual({ status: 403, body: forbidden });
    }
  });

  it.each([
    [
      'a currency the company holds no balance in',
      { currency: 'JPY', amount: '1000' },
      422,
      'currency_not_a_float',
    ],
    [
      'more decimals than the currency has',
      { currency: 'GBP', amount: '1.234' },
      422,
      'validation_error',
    ],
    ['nothing', { currency: 'GBP', amount: '0.00' }, 422, 'validation_error'],
    ['a float amount', { currency: 'GBP', amount: 12.5 }, 422, 'validation_error'],
    ['an exponent', { currency: 'GBP', amount: '1e3' }, 422, 'validation_error'],
  ])('refuses %s, creating nothing', async (_what, fields, status, code) => {
    const answer = await createTopUp({ method: 'bank_transfer', ...fields });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code });
  });

  it('refuses a company without balances, and a person who has not accepted the balances terms', async () => {
    const newco = await createTopUp(
      { method: 'bank_transfer', currency: 'USD', amount: '10' },
      { email: 'trial@newco.test', customerId: NEWCO },
    );
    expect(newco.body).toMatchObject({ status: 403, code: 'balances_not_enabled' });

    // The terms are accepted person by person (the useBalancesTncAccepted option).
    await server.db
      .update(users)
      .set({ useBalancesTncAccepted: false })
      .where(eq(users.email, 'owner@globex.test'));
    try {
      const globex = await createTopUp(
        { method: 'bank_transfer', currency: 'USD', amount: '10' },
        { email: 'owner@globex.test', customerId: GLOBEX },
      );
      expect(globex.body).toMatchObject({ status: 403, code: 'balances_terms_not_accepted' });
    } finally {
      await server.db
        .update(users)
        .set({ useBalancesTncAccepted: true })
        .where(eq(users.email, 'owner@globex.test'));
    }
  });
});

describe('GET /top-ups/{id}', () => {
  it("shows a customer's top-up to its members and staff, and to no other customer", async () => {
    const created = await createTopUp({ method: 'bank_transfer', currency: 'EUR', amount: '75' });
    const { topUpId } = created.body;
    const mine = await client.call('GET', `/top-ups/${topUpId}`, {
      email: 'viewer@acme.test',
      customerId: ACME,
    });
    expect(mine).toEqual({ status: 200, body: created.body });
    const staff = await client.call('GET', `/top-ups/${topUpId}`, {
      email: STAFF,
      customerId: ACME,
    });
    expect(staff.status).toBe(200);
    const other = await client.call('GET', `/top-ups/${topUpId}`, {
      email: 'owner@globex.test',
      customerId: GLOBEX,
    });
    expect(other.body).toMatchObject({ status: 404, code: 'top_up_not_found' });
    const malformed = await client.call('GET', '/top-ups/nope', { email: OWNER, customerId: ACME });
    expect(malformed.status).toBe(422);
  });
});

describe('GET /top-ups', () => {
  it('pages through the newest first, by status too, each company its own only', async () => {
    const made: string[] = [];
    for (const amount of ['1', '2', '3']) {
      const created = await createTopUp(
        { method: 'bank_transfer', currency: 'USD', amount },
        { email: 'owner@globex.test', customerId: GLOBEX },
      );
      made.unshift(created.body.topUpId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await client.call<TopUpPage>('GET', `/top-ups${query}`, {
        email: 'owner@globex.test',
        customerId: GLOBEX,
      });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item) => item.topUpId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);

    const pending = await client.call<TopUpPage>('GET', '/top-ups?status=COMPLETED', {
      email: 'owner@globex.test',
      customerId: GLOBEX,
    });
    expect(pending.body).toEqual({ items: [], nextCursor: null });
    const acme = await client.call<TopUpPage>('GET', '/top-ups?limit=50', {
      email: STAFF,
      customerId: ACME,
    });
    expect(acme.body.items.some((item) => made.includes(item.topUpId))).toBe(false);
    const badCursor = await client.call('GET', '/top-ups?cursor=bm90LW91cnM', {
      email: 'owner@globex.test',
      customerId: GLOBEX,
    });
    expect(badCursor.body).toMatchObject({ status: 422, code: 'validation_error' });
    const agent = await client.call('GET', '/top-ups', {
      email: 'agent@acme.test',
      customerId: ACME,
    });
    expect(agent).toEqual({ status: 403, body: forbidden });
  });
});

describe('POST /staff/top-ups/{id}/receive', () => {
  it('credits what arrived through the ledger, completes the top-up and mails the requester', async () => {
    const before = await available('GBP');
    const created = await createTopUp({ method: 'bank_transfer', currency: 'GBP', amount: '500' });
    const mailsBefore = await mailCount(server.db, OWNER);
    const answer = await client.call<TopUp>(
      'POST',
      `/staff/top-ups/${created.body.topUpId}/receive`,
      {
        email: STAFF,
        customerId: ACME,
        body: { receivedAmount: '500.00' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'COMPLETED',
      receivedAmount: '500.00',
      discrepancy: null,
    });
    expect(answer.body.completedAt).not.toBeNull();
    expect(await available('GBP')).toBe((Number(before) + 500).toFixed(2));

    const [transfer] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, `top-up:${created.body.topUpId}`));
    expect(transfer).toMatchObject({
      code: 'TOP_UP:BANK_TRANSFER',
      amount: 50_000n,
      creditAccountId: `float:${ACME}:GBP`,
      reference: created.body.topUpId,
    });
    expect(await mailCount(server.db, OWNER)).toBe(mailsBefore + 1);
    const mail = await latestMail(server.db, OWNER);
    expect(mail?.subject).toBe('500.00 GBP added to your balance');
    const [audit] = await auditRows(server.db, 'top_up.receive', created.body.topUpId);
    expect(audit).toMatchObject({ details: { receivedAmount: '500.00', discrepancy: null } });

    // Once only: a second receipt changes nothing.
    const again = await client.call('POST', `/staff/top-ups/${created.body.topUpId}/receive`, {
      email: STAFF,
      customerId: ACME,
      body: { receivedAmount: '500.00' },
    });
    expect(again.body).toMatchObject({ status: 409, code: 'top_up_not_pending' });
    expect(await available('GBP')).toBe((Number(before) + 500).toFixed(2));
  });

  it('credits an under- or over-payment as received and flags it', async () => {
    for (const [received, flag] of [
      ['90.00', 'UNDERPAID'],
      ['120.00', 'OVERPAID'],
    ] as const) {
      const before = await available('USD');
      const created = await createTopUp({
        method: 'bank_transfer',
        currency: 'USD',
        amount: '100',
      });
      const answer = await client.call('POST', `/staff/top-ups/${created.body.topUpId}/receive`, {
        email: STAFF,
        customerId: ACME,
        body: { receivedAmount: received },
      });
      expect(answer.body).toMatchObject({ receivedAmount: received, discrepancy: flag });
      expect(await available('USD')).toBe((Number(before) + Number(received)).toFixed(2));
    }
  });

  it('is for staff only, and refuses a bad amount, changing nothing', async () => {
    const created = await createTopUp({ method: 'bank_transfer', currency: 'EUR', amount: '10' });
    const path = `/staff/top-ups/${created.body.topUpId}/receive`;
    const owner = await client.call('POST', path, {
      email: OWNER,
      customerId: ACME,
      body: { receivedAmount: '10.00' },
    });
    expect(owner).toEqual({ status: 403, body: forbidden });
    const bad = await client.call('POST', path, {
      email: STAFF,
      customerId: ACME,
      body: { receivedAmount: '10.001' },
    });
    expect(bad.body).toMatchObject({
      status: 422,
      fieldErrors: [{ path: 'receivedAmount', message: 'EUR amounts have at most 2 decimals.' }],
    });
    const unknown = await client.call('POST', '/staff/top-ups/TU-NOSUCHONE0/receive', {
      email: STAFF,
      body: { receivedAmount: '10.00' },
    });
    expect(unknown.body).toMatchObject({ status: 404, code: 'top_up_not_found' });
    const still = await client.call<TopUp>('GET', `/top-ups/${created.body.topUpId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(still.body.status).toBe('PENDING');
  });

  it("lists every customer's top-ups for staff, with the customer's name, and for staff only", async () => {
    const created = await createTopUp({ method: 'bank_transfer', currency: 'EUR', amount: '42' });
    const page = await client.call<StaffTopUpPage>(
      'GET',
      '/staff/top-ups?status=PENDING&limit=50',
      {
        email: STAFF,
      },
    );
    expect(page.status).toBe(200);
    const mine = page.body.items.find((item) => item.topUpId === created.body.topUpId);
    expect(mine).toMatchObject({
      customerId: ACME,
      customerName: 'Acme Rewards Ltd',
      amount: '42.00',
    });
    expect(page.body.items.every((item) => item.status === 'PENDING')).toBe(true);
    expect(new Set(page.body.items.map((item) => item.customerId))).toEqual(
      new Set([ACME, GLOBEX]),
    );
    const owner = await client.call('GET', '/staff/top-ups', { email: OWNER, customerId: ACME });
    expect(owner).toEqual({ status: 403, body: forbidden });
  });

  it('leaves the ledger consistent: the verifier finds no mismatch', async () => {
    const checks = await verifyLedger(server.db);
    expect(checks.filter((check) => check.mismatches.length > 0)).toEqual([]);
  });
});

describe('POST /staff/bank-statements', () => {
  async function waiting(currency: string, amount: string) {
    const answer = await createTopUp({ method: 'bank_transfer', currency, amount });
    return topUpSchema.parse(answer.body);
  }

  function importCsv(csv: string, email = STAFF) {
    return client.call<BankStatementResult>('POST', '/staff/bank-statements', {
      email,
      body: { filename: 'statement.csv', csv },
    });
  }

  it('credits the lines that quote a waiting top-up, flags differences, and reports the rest', async () => {
    const exact = await waiting('USD', '120.00');
    const short = await waiting('USD', '300.00');
    const euro = await waiting('EUR', '50.00');
    const before = await available('USD');
    const csv = [
      'Date,Description,Amount,Currency',
      `2026-11-25,"ACME REWARDS ${exact.paymentReference.toLowerCase()}",120.00,USD`,
      `2026-11-25,Payment ${short.paymentReference},"$250.00",USD`,
      `2026-11-25,${euro.paymentReference},50.00,USD`,
      '2026-11-25,Rent,-900.00,USD',
      '2026-11-25,Someone without a reference,10.00,USD',
      '2026-11-25,TU-NOSUCHREF1,10.00,USD',
      `2026-11-25,${exact.paymentReference},ten,USD`,
      // A decimal comma is refused, never read as a hundred times the amount.
      `2026-11-25,${exact.paymentReference},"50,00",USD`,
    ].join('\r\n');
    const answer = await importCsv(csv);
    expect(answer.status).toBe(200);
    expect(answer.body.lines.map((line) => [line.line, line.outcome])).toEqual([
      [2, 'received'],
      [3, 'underpaid'],
      [4, 'currency_mismatch'],
      [5, 'money_out'],
      [6, 'unmatched'],
      [7, 'unmatched'],
      [8, 'invalid'],
      [9, 'invalid'],
    ]);
    expect(answer.body).toMatchObject({ received: 2, needsAttention: 6 });
    expect(answer.body.lines[0]).toMatchObject({
      topUpId: exact.topUpId,
      customerName: 'Acme Rewards Ltd',
    });
    const cents = (text: string | undefined) => BigInt((text ?? '0').replace('.', ''));
    expect(cents(await available('USD'))).toBe(cents(before) + 12_000n + 25_000n);

    // The same file again credits nothing twice.
    const again = await importCsv(csv);
    expect(again.body.lines.slice(0, 2).map((line) => line.outcome)).toEqual([
      'already_received',
      'already_received',
    ]);
    expect(again.body.received).toBe(0);
    expect(cents(await available('USD'))).toBe(cents(before) + 37_000n);
  });

  it('refuses a file it cannot read, naming what is missing, and is for staff only', async () => {
    const noCurrency = await importCsv('Date,Reference,Amount\n2026-11-25,TU-AAAAAAAAAA,10');
    expect(noCurrency.body).toMatchObject({
      status: 422,
      code: 'bank_statement_unreadable',
      fieldErrors: [{ path: 'csv', message: expect.stringContaining('no currency column') }],
    });
    const broken = await importCsv('Reference,Amount,Currency\n"unclosed,10,USD');
    expect(broken.body).toMatchObject({ code: 'bank_statement_unreadable' });
    expect((await importCsv('Reference,Amount,Currency\nx,1,USD', OWNER)).body).toEqual(forbidden);
  });
});
