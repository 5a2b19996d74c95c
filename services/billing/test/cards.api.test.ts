import { randomUUID } from 'node:crypto';
import { verifyLedger } from '@boon/billing';
import {
  balancesSchema,
  savedCardSchema,
  topUpSchema,
  type Balances,
  type SavedCard,
  type SavedCardList,
  type TopUp,
} from '@boon/contracts';
import { cardSandboxTokens, eq, inArray, ledgerTransfers, savedCards } from '@boon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  auditRows,
  customerManagementClient,
  forbidden,
  GLOBEX,
  startServer,
  type CallOptions,
  type TestServer,
} from '@boon/server/testing';

/**
 * Card top-ups and stored cards through the real server and the embedded
 * sandbox processor: a card is tokenised by the processor's own route (as its frame does), then
 * charged through POST /top-ups; 3-D Secure is answered on the processor's challenge page.
 */

let server: TestServer;
let billing: ReturnType<typeof customerManagementClient>;
let cards: ReturnType<typeof customerManagementClient>;

const OWNER = 'owner@acme.test';
const FINANCE = 'finance@acme.test';
const VIEWER = 'viewer@acme.test';
const STAFF = 'staff@boon.test';

const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const CHALLENGE = '4000 0027 6000 3184';

beforeAll(async () => {
  server = await startServer();
  billing = customerManagementClient(server, '/api/billing');
  cards = customerManagementClient(server, '/api/saved-cards');
});

afterAll(async () => {
  await server?.close();
});

/** What the processor's frame does with what is typed in it. */
async function tokenize(number: string, expiry = '12/34') {
  const response = await fetch(`${server.baseUrl}/card-sandbox/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, expiry, cvc: '123', name: 'Ada Lovelace' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenFor(number: string): Promise<string> {
  const answer = await tokenize(number);
  expect(answer.status).toBe(201);
  return answer.body.token as string;
}

async function available(currency: string): Promise<string | undefined> {
  const answer = await billing.call<Balances>('GET', '/balances', {
    email: OWNER,
    customerId: ACME,
  });
  return balancesSchema.parse(answer.body).balances.find((b) => b.currency === currency)?.available;
}

function cardTopUp(body: Record<string, unknown>, options: CallOptions = {}) {
  return billing.call<TopUp>('POST', '/top-ups', {
    email: OWNER,
    customerId: ACME,
    idempotencyKey: randomUUID(),
    body: { method: 'card', currency: 'GBP', amount: '500.00', ...body },
    ...options,
  });
}

const cents = (text: string | undefined) => BigInt((text ?? '0').replace('.', ''));

describe('the sandbox processor’s token route', () => {
  it('answers a token, the brand and the last four digits; the number is kept nowhere', async () => {
    const answer = await tokenize(APPROVED);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^tok_[A-Z0-9]{24}$/),
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      holderName: 'Ada Lovelace',
    });
    const [row] = await server.db
      .select()
      .from(cardSandboxTokens)
      .where(eq(cardSandboxTokens.id, answer.body.token as string));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it('refuses a number that is not a test card, and an expired card, field by field', async () => {
    const real = await tokenize('4012 8888 8888 1881');
    expect(real.status).toBe(422);
    expect(real.body).toEqual({ errors: { number: expect.stringContaining('test cards only') } });
    const expired = await tokenize(APPROVED, '01/20');
    expect(expired.body).toEqual({ errors: { expiry: 'This card has expired.' } });
  });

  it('refuses a body that is not text fields', async () => {
    const response = await fetch(`${server.baseUrl}/card-sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: 4242424242424242 }),
    });
    expect(response.status).toBe(400);
  });

  it('serves its frame to be framed by the product only, with no inline script', async () => {
    const response = await fetch(`${server.baseUrl}/card-sandbox/frame`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(await response.text()).toMatch(/<label for="number"\s*>Card number/);
  });
});

describe('POST /top-ups by card', () => {
  it('charges the amount and the 2.5% card fee, credits the amount, and posts both movements', async () => {
    const before = cents(await available('GBP'));
    const answer = await cardTopUp({ cardToken: await tokenFor(APPROVED) });
    expect(answer.status).toBe(201);
    const topUp = topUpSchema.parse(answer.body);
    expect(topUp).toMatchObject({
      method: 'card',
      status: 'COMPLETED',
      amount: '500.00',
      fee: '12.50',
      receivedAmount: '500.00',
      card: { brand: 'Visa', last4: '4242' },
      failureReason: null,
      nextAction: null,
    });
    expect(cents(await available('GBP'))).toBe(before + 50_000n);
    const transfers = await server.db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(ledgerTransfers.id, [`top-up:${topUp.topUpId}`, `top-up:${topUp.topUpId}:fee`]),
      );
    expect(transfers.map((t) => [t.code, t.amount]).sort()).toEqual([
      ['FEES:CARD_PAYMENT_FEE', 1_250n],
      ['TOP_UP:CARD_PAYMENT', 51_250n],
    ]);
    expect(await auditRows(server.db, 'top_up.card_paid', topUp.topUpId)).toHaveLength(1);
    // Staff's list is of bank transfers, whose money they record; a card payment is not there.
    const staffList = await billing.call<{ items: TopUp[] }>('GET', '/staff/top-ups', {
      email: STAFF,
    });
    expect(staffList.body.items.map((item) => item.method)).not.toContain('card');
  });

  it('refuses a declined card with a clear error and moves no money', async () => {
    const before = await available('GBP');
    const answer = await cardTopUp({ cardToken: await tokenFor(DECLINED) });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({
      code: 'card_declined',
      message: expect.stringContaining('no money was taken'),
    });
    expect(await available('GBP')).toBe(before);
  });

  it('waits for 3-D Secure, then credits once however often it is confirmed', async () => {
    const before = cents(await available('GBP'));
    const created = topUpSchema.parse(
      (await cardTopUp({ cardToken: await tokenFor(CHALLENGE) })).body,
    );
    expect(created).toMatchObject({ status: 'PENDING', nextAction: { type: 'challenge' } });
    expect(cents(await available('GBP'))).toBe(before);

    const page = await fetch(`${server.baseUrl}${created.nextAction!.url}`);
    expect(await page.text()).toContain('£512.50');
    const done = await fetch(`${server.baseUrl}${created.nextAction!.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
    });
    expect(await done.text()).toContain('Payment confirmed');

    const confirm = () =>
      billing.call<TopUp>('POST', `/top-ups/${created.topUpId}/confirm`, {
        email: OWNER,
        customerId: ACME,
      });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'COMPLETED' });
    expect(cents(await available('GBP'))).toBe(before + 50_000n);
  });

  it('fails the top-up when 3-D Secure is failed, moving no money', async () => {
    const before = await available('GBP');
    const created = topUpSchema.parse(
      (await cardTopUp({ cardToken: await tokenFor(CHALLENGE) })).body,
    );
    await fetch(`${server.baseUrl}${created.nextAction!.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
    });
    const answer = await billing.call<TopUp>('POST', `/top-ups/${created.topUpId}/confirm`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(answer.body).toMatchObject({ status: 'FAILED', failureReason: 'authentication_failed' });
    expect(await available('GBP')).toBe(before);
  });

  it('charges once when the same Idempotency-Key is sent again', async () => {
    const key = randomUUID();
    const body = { cardToken: await tokenFor(APPROVED), amount: '10.00' };
    const before = cents(await available('GBP'));
    const first = await cardTopUp(body, { idempotencyKey: key });
    const second = await cardTopUp(body, { idempotencyKey: key });
    expect(second.body).toEqual(first.body);
    expect(cents(await available('GBP'))).toBe(before + 1_000n);
  });

  it.each([
    ['a currency cards cannot pay', { currency: 'JPY', amount: '500' }, 'currency_not_a_float'],
    ['more than 25,000', { amount: '25000.01' }, 'card_amount_too_large'],
    [
      'a token the processor never made',
      { cardToken: 'tok_NOSUCHTOKEN0000000000000' },
      'card_token_invalid',
    ],
    ['another company’s stored card', { savedCardId: 'CARD-NOSUCHCARD' }, 'card_not_found'],
  ])('refuses %s, moving no money', async (_what, change, code) => {
    const before = await available('GBP');
    const body = { cardToken: await tokenFor(APPROVED), ...change };
    if ('savedCardId' in change) delete (body as Record<string, unknown>).cardToken;
    const answer = await cardTopUp(body);
    expect(answer.body).toMatchObject({ code });
    expect(await available('GBP')).toBe(before);
  });

  it('needs write:top_up_by_card: finance may exchange but not pay by card', async () => {
    const answer = await cardTopUp({ cardToken: await tokenFor(APPROVED) }, { email: FINANCE });
    expect(answer).toEqual({ status: 403, body: forbidden });
  });

  it('refuses both a token and a stored card at once', async () => {
    const answer = await cardTopUp({
      cardToken: await tokenFor(APPROVED),
      savedCardId: 'CARD-ABCDEFGH12',
    });
    expect(answer.status).toBe(422);
  });

  it('leaves the ledger consistent', async () => {
    const checks = await verifyLedger(server.db);
    expect(checks.filter((check) => check.mismatches.length > 0)).toEqual([]);
  });
});

describe('stored cards: GET, POST, DELETE /cards', () => {
  it('stores a card from a token, lists it, pays with it, and removes it', async () => {
    const token = await tokenFor(APPROVED);
    const created = await cards.call<SavedCard>('POST', '/cards', {
      email: OWNER,
      customerId: ACME,
      body: { cardToken: token },
    });
    expect(created.status).toBe(201);
    const card = savedCardSchema.parse(created.body);
    expect(card).toMatchObject({ brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const again = await cards.call<SavedCard>('POST', '/cards', {
      email: OWNER,
      customerId: ACME,
      body: { cardToken: token },
    });
    expect(again.body).toEqual(card);

    const list = await cards.call<SavedCardList>('GET', '/cards', {
      email: VIEWER,
      customerId: ACME,
    });
    expect(list.status).toBe(403);
    const own = await cards.call<SavedCardList>('GET', '/cards', {
      email: FINANCE,
      customerId: ACME,
    });
    expect(own.body.items.map((item) => item.cardId)).toContain(card.cardId);

    const paid = await cardTopUp({ savedCardId: card.cardId, amount: '20.00' });
    expect(paid.body).toMatchObject({ status: 'COMPLETED', card: { last4: '4242' } });

    expect(
      (await cards.call('DELETE', `/cards/${card.cardId}`, { email: FINANCE, customerId: ACME }))
        .status,
    ).toBe(403);
    const removed = await cards.call('DELETE', `/cards/${card.cardId}`, {
      email: OWNER,
      customerId: ACME,
    });
    expect(removed.status).toBe(204);
    const [row] = await server.db.select().from(savedCards).where(eq(savedCards.id, card.cardId));
    expect(row).toMatchObject({ processorToken: null, deletedAt: expect.any(Date) });
    expect((await cardTopUp({ savedCardId: card.cardId })).body).toMatchObject({
      code: 'card_not_found',
    });
    expect(await auditRows(server.db, 'saved_card.delete', card.cardId)).toHaveLength(1);
  });

  it("refuses another company's token, a made-up token, and staff", async () => {
    const token = await tokenFor(APPROVED);
    await cards.call('POST', '/cards', {
      email: OWNER,
      customerId: ACME,
      body: { cardToken: token },
    });
    const other = await cards.call('POST', '/cards', {
      email: 'owner@globex.test',
      customerId: GLOBEX,
      body: { cardToken: token },
    });
    expect(other.body).toMatchObject({ code: 'card_token_invalid' });
    const madeUp = await cards.call('POST', '/cards', {
      email: OWNER,
      customerId: ACME,
      body: { cardToken: 'tok_MADEUP00000000000000000' },
    });
    expect(madeUp.body).toMatchObject({ code: 'card_token_invalid' });
    const staff = await cards.call('GET', '/cards', { email: STAFF, customerId: ACME });
    expect(staff.status).toBe(403);
  });

  it('keeps at most 10 cards per company', async () => {
    const existing = await server.db.select().from(savedCards);
    const active = existing.filter((row) => row.customerId === GLOBEX && row.deletedAt === null);
    for (let i = active.length; i < 10; i += 1) {
      const answer = await cards.call('POST', '/cards', {
        email: 'owner@globex.test',
        customerId: GLOBEX,
        body: { cardToken: await tokenFor(APPROVED) },
      });
      expect(answer.status).toBe(201);
    }
    const eleventh = await cards.call('POST', '/cards', {
      email: 'owner@globex.test',
      customerId: GLOBEX,
      body: { cardToken: await tokenFor(APPROVED) },
    });
    expect(eleventh.body).toMatchObject({ code: 'saved_cards_limit' });
  });
});

describe('balance notifications through the server', () => {
  it('are changed by those who add funds, read by those who read balances', async () => {
    const body = {
      thresholds: [{ currency: 'GBP', threshold: '1000' }],
      recipients: ['finance@acme.test'],
    };
    const put = (email: string) =>
      billing.call('PUT', '/balance-alerts', { email, customerId: ACME, body });
    expect((await put(FINANCE)).status).toBe(403);
    const saved = await put(OWNER);
    expect(saved).toMatchObject({
      status: 200,
      body: { thresholds: [{ currency: 'GBP', threshold: '1000.00', alerting: false }] },
    });
    const read = await billing.call('GET', '/balance-alerts', { email: VIEWER, customerId: ACME });
    expect(read.body).toEqual(saved.body);
    const balances = await billing.call<Balances>('GET', '/balances', {
      email: VIEWER,
      customerId: ACME,
    });
    expect(balances.body.balances.find((b) => b.currency === 'GBP')?.lowBalanceThreshold).toBe(
      '1000.00',
    );
  });

  it('refuse a sixth address and a threshold without an address', async () => {
    const put = (body: unknown) =>
      billing.call('PUT', '/balance-alerts', { email: OWNER, customerId: ACME, body });
    const six = await put({
      thresholds: [],
      recipients: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@acme.test`),
    });
    expect(six.status).toBe(422);
    const none = await put({ thresholds: [{ currency: 'USD', threshold: '5' }], recipients: [] });
    expect(none.body).toMatchObject({ fieldErrors: [{ path: 'body.recipients' }] });
  });

  it("open from the older platform's link, which leads into the console for the same company", async () => {
    const response = await fetch(
      `${server.baseUrl}/api/connect/notification-preferences?customerId=${GLOBEX}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/billing/balance-notifications?customerId=${GLOBEX}`,
    );
    const bad = await fetch(
      `${server.baseUrl}/api/connect/notification-preferences?customerId=https://evil.test`,
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
  });
});

describe('billing documents as PDF', () => {
  async function pdf(path: string, email: string) {
    const token = await billing.tokenFor(email);
    const response = await fetch(`${server.baseUrl}/api/billing${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-customer-id': ACME,
        accept: 'application/pdf',
      },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, text: bytes.toString('latin1') };
  }

  it("downloads a month's statement as a PDF, for those who may download statements", async () => {
    const list = await billing.call<{ items: { statementId: string; transactionCount: number }[] }>(
      'GET',
      '/statements',
      { email: OWNER, customerId: ACME },
    );
    const statement = list.body.items.find((item) => item.transactionCount > 0)!;
    const { response, text } = await pdf(`/statements/${statement.statementId}`, FINANCE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${ACME}-${statement.statementId}.pdf"`,
    );
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/\(Acme Rewards Ltd \w{3} statement, \d{4}-\d{2}\)/);
    const viewer = await pdf(`/statements/${statement.statementId}`, VIEWER);
    expect(viewer.response.status).toBe(403);
  });

  it("downloads a top-up's invoice, a payment request until it is paid", async () => {
    const created = await billing.call<TopUp>('POST', '/top-ups', {
      email: OWNER,
      customerId: ACME,
      idempotencyKey: randomUUID(),
      body: { method: 'bank_transfer', currency: 'EUR', amount: '300' },
    });
    const { response, text } = await pdf(`/top-ups/${created.body.topUpId}`, VIEWER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${created.body.paymentReference}.pdf"`,
    );
    expect(text).toContain(`(Invoice ${created.body.paymentReference})`);
  });
});

describe('GET /staff/ledger-check', () => {
  it("runs the ledger's checks for staff, all holding after the card payments above", async () => {
    const answer = await billing.call<{ checks: { name: string; mismatches: string[] }[] }>(
      'GET',
      '/staff/ledger-check',
      { email: STAFF },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.checks.length).toBeGreaterThanOrEqual(4);
    expect(answer.body.checks.filter((check) => check.mismatches.length > 0)).toEqual([]);
    expect((await billing.call('GET', '/staff/ledger-check', { email: OWNER })).status).toBe(403);
  });
});
