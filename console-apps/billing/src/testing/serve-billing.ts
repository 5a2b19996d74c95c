import {
  billingApi,
  customerManagementApi,
  savedCardsApi,
  type Balance,
  type BalanceAlerts,
  type SavedCard,
  type Customer,
  type FxQuote,
  type Trade,
  type Statement,
  type TopUp,
  type Transaction,
} from '@boon/contracts';
import {
  acme,
  apiError,
  type AppSessionOptions,
  mockApi,
  mockEndpoint,
  serveAppSession,
} from '@boon/console-kit/testing';

/** Acme with balances on in USD, GBP and EUR, as the demo data has it. */
export const acmeWithBalances: Customer = {
  ...acme,
  customerFeatureFlags: {
    ...acme.customerFeatureFlags,
    balances: { enabled: true, floats: ['USD', 'GBP', 'EUR'], cardFees: true },
    fx: true,
  },
};

export const acmeBalances: Balance[] = [
  {
    currency: 'EUR',
    available: '8000.00',
    pending: '0.00',
    spentLast30Days: '0.00',
    lowBalanceThreshold: null,
  },
  {
    currency: 'GBP',
    available: '10000.00',
    pending: '500.00',
    spentLast30Days: '0.00',
    lowBalanceThreshold: null,
  },
  {
    currency: 'USD',
    available: '1000.00',
    pending: '0.00',
    spentLast30Days: '3000.00',
    lowBalanceThreshold: '2000.00',
  },
];

export function bankTopUp(overrides: Partial<TopUp> = {}): TopUp {
  return {
    topUpId: 'TU-7KQ2M9XAB3',
    method: 'bank_transfer',
    status: 'PENDING',
    currency: 'GBP',
    amount: '500.00',
    receivedAmount: null,
    discrepancy: null,
    paymentReference: 'TU-7KQ2M9XAB3',
    bankDetails: {
      accountName: 'Boon Payments Ltd (demo account)',
      bankName: 'Demo Bank plc',
      bankAddress: '1 Example Lane, London EC2A 1AA, United Kingdom',
      fields: [
        { label: 'Sort code', value: '00-00-00' },
        { label: 'Account number', value: '00012345' },
      ],
    },
    fee: '0.00',
    card: null,
    failureReason: null,
    nextAction: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export const acmeTransactions: Transaction[] = [
  {
    transactionId: 'top-up:TU-7KQ2M9XAB3',
    createdAt: '2026-11-21T10:00:00.000Z',
    type: 'TOP_UP',
    subtype: 'BANK_TRANSFER',
    orderSource: null,
    direction: 'CREDIT',
    currency: 'GBP',
    amount: '500.00',
    balanceAfter: '10500.00',
    reference: 'TU-7KQ2M9XAB3',
  },
  {
    transactionId: 'order:O-1:face',
    createdAt: '2026-11-20T09:00:00.000Z',
    type: 'ORDER_ITEM',
    subtype: 'COMPLETED',
    orderSource: 'PORTAL',
    direction: 'DEBIT',
    currency: 'USD',
    amount: '25.00',
    balanceAfter: '975.00',
    reference: 'O-1',
  },
];

export const acmeStatements: Statement[] = [
  {
    statementId: '2026-11-GBP',
    month: '2026-11',
    currency: 'GBP',
    openingBalance: '9500.00',
    credits: '500.00',
    debits: '0.00',
    closingBalance: '10000.00',
    transactionCount: 1,
  },
  {
    statementId: '2026-11-USD',
    month: '2026-11',
    currency: 'USD',
    openingBalance: '25025.00',
    credits: '0.00',
    debits: '25.00',
    closingBalance: '25000.00',
    transactionCount: 1,
  },
];

export interface ServeBillingOptions extends AppSessionOptions {
  balances?: Balance[] | 'failing';
  topUp?: TopUp;
  /** How long the quotes served hold (60 s). */
  quoteSeconds?: number;
  /** What POST /trades answers instead of a trade. */
  tradeRefusal?: 'insufficient_funds' | 'fx_quote_expired';
  /** The top-ups GET /top-ups lists, newest first (two pages of 10 at most). */
  topUps?: TopUp[];
  /** The stored cards GET /cards lists (none unless given), or a failing list. */
  savedCards?: SavedCard[] | 'failing';
  /** The balance notifications GET /balance-alerts answers (USD under 2,000 by default). */
  balanceAlerts?: BalanceAlerts;
  /** What a card top-up answers: completed (default), declined, or waiting for 3-D Secure. */
  cardOutcome?: 'completed' | 'declined' | 'challenge' | 'unanswered-once';
}

export const visaCard: SavedCard = {
  cardId: 'CARD-VISA424201',
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  holderName: 'Olivia Owner',
  createdAt: '2026-11-02T09:00:00.000Z',
};

/** A card top-up as the server answers a paid one. */
export function cardTopUp(overrides: Partial<TopUp> = {}): TopUp {
  return bankTopUp({
    topUpId: 'TU-CARD000001',
    paymentReference: 'TU-CARD000001',
    method: 'card',
    status: 'COMPLETED',
    amount: '500.00',
    receivedAmount: '500.00',
    fee: '12.50',
    card: { brand: 'Visa', last4: '4242' },
    bankDetails: null,
    completedAt: '2026-11-20T09:30:05.000Z',
    ...overrides,
  });
}

/**
 * Answers the session and the billing service as the server does for the billing screens, with
 * the contract's schemas checking every request and answer. Records the top-ups created.
 */
export function serveBilling(options: ServeBillingOptions = {}) {
  const created: { body: unknown; idempotencyKey: string | null }[] = [];
  const receipts: { topUpId: string; body: unknown }[] = [];
  const statementDownloads: string[] = [];
  const trades: { quoteId: string; idempotencyKey: string | null }[] = [];
  let quotes = 0;
  let quote: FxQuote | undefined;
  let made: Trade | undefined;
  const transactionQueries: { query: Record<string, unknown>; accept: string | null }[] = [];
  let topUp = options.topUp ?? bankTopUp();
  const listed = options.topUps ?? [topUp];
  let cards = options.savedCards === 'failing' ? [] : [...(options.savedCards ?? [])];
  const storedTokens: string[] = [];
  const alertUpdates: unknown[] = [];
  const imports: { filename?: string | undefined; csv: string }[] = [];
  /** What each document download asked for (Accept), or `invoice:<id>` for an invoice. */
  const downloadTypes: string[] = [];
  let alerts: BalanceAlerts = options.balanceAlerts ?? {
    thresholds: [{ currency: 'USD', threshold: '2000.00', alerting: true }],
    recipients: ['finance@acme.test'],
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
  let me = serveAppSession(options, acmeWithBalances);
  const optionUpdates: unknown[] = [];
  mockApi(
    mockEndpoint(customerManagementApi.updateUserOptions, ({ body }) => {
      optionUpdates.push(body);
      me = {
        ...me,
        options: {
          ...me.options,
          ...(body.useBalancesTncAccepted ? { useBalancesTncAccepted: true } : {}),
        },
      };
      return me;
    }),
    mockEndpoint(billingApi.listBalances, () =>
      options.balances === 'failing'
        ? apiError('service_unavailable')
        : { balances: options.balances ?? acmeBalances },
    ),
    mockEndpoint(billingApi.createTopUp, ({ body, idempotencyKey }) => {
      created.push({ body, idempotencyKey });
      if (body.currency === 'JPY') return apiError('currency_not_a_float');
      if (body.method === 'bank_transfer') {
        return bankTopUp({ currency: body.currency, amount: body.amount });
      }
      if (options.cardOutcome === 'declined') return apiError('card_declined');
      if (options.cardOutcome === 'unanswered-once' && created.length === 1) {
        return apiError('service_unavailable');
      }
      topUp =
        options.cardOutcome === 'challenge'
          ? cardTopUp({
              status: 'PENDING',
              receivedAmount: null,
              completedAt: null,
              nextAction: { type: 'challenge', url: '/card-sandbox/challenge/pay_TEST' },
            })
          : cardTopUp({ currency: body.currency, amount: body.amount });
      return topUp;
    }),
    mockEndpoint(billingApi.confirmTopUp, ({ params }) => {
      if (params.topUpId !== topUp.topUpId) return apiError('top_up_not_found');
      topUp = cardTopUp();
      return topUp;
    }),
    mockEndpoint(billingApi.importBankStatement, ({ body }) => {
      imports.push(body);
      if (!body.csv.toLowerCase().includes('currency')) {
        return apiError('bank_statement_unreadable', [
          {
            path: 'csv',
            message: 'The header row has no currency column. It reads: Reference, Amount.',
          },
        ]);
      }
      return {
        lines: [
          {
            line: 2,
            reference: 'ACME TU-7KQ2M9XAB3',
            amount: '500.00',
            currency: 'GBP',
            outcome: 'received',
            topUpId: 'TU-7KQ2M9XAB3',
            customerName: 'Acme Rewards Ltd',
            message: 'Credited.',
          },
          {
            line: 3,
            reference: 'Rent',
            amount: '-900.00',
            currency: 'GBP',
            outcome: 'money_out',
            topUpId: null,
            customerName: null,
            message: 'Money going out: not a top-up.',
          },
        ],
        received: 1,
        needsAttention: 1,
      };
    }),
    mockEndpoint(billingApi.checkLedger, () => ({
      checks: [
        { name: 'every transfer balances', checked: 12, mismatches: [] },
        { name: 'no float below zero', checked: 3, mismatches: [] },
      ],
      checkedAt: '2026-11-26T10:00:00.000Z',
    })),
    mockEndpoint(billingApi.getBalanceAlerts, () => alerts),
    mockEndpoint(billingApi.updateBalanceAlerts, ({ body }) => {
      alertUpdates.push(body);
      alerts = {
        thresholds: body.thresholds.map((row) => ({ ...row, alerting: false })),
        recipients: body.recipients,
        updatedAt: '2026-11-26T10:00:00.000Z',
      };
      return alerts;
    }),
    mockEndpoint(savedCardsApi.listCards, () =>
      options.savedCards === 'failing' ? apiError('service_unavailable') : { items: cards },
    ),
    mockEndpoint(savedCardsApi.createCard, ({ body }) => {
      const card = {
        ...visaCard,
        cardId: 'CARD-NEWCARD001',
        createdAt: '2026-11-26T09:00:00.000Z',
      };
      storedTokens.push(body.cardToken);
      cards = [card, ...cards];
      return card;
    }),
    mockEndpoint(savedCardsApi.deleteCard, ({ params }) => {
      if (!cards.some((card) => card.cardId === params.cardId)) return apiError('card_not_found');
      cards = cards.filter((card) => card.cardId !== params.cardId);
      return undefined;
    }),
    mockEndpoint(billingApi.listTopUps, ({ query }) => {
      const from = query.cursor === 'page-2' ? 10 : 0;
      const items = listed.slice(from, from + 10);
      return { items, nextCursor: from === 0 && listed.length > 10 ? 'page-2' : null };
    }),
    mockEndpoint(billingApi.listAllTopUps, ({ query }) => ({
      items: (topUp.status === query.status || query.status === undefined ? [topUp] : []).map(
        (item) => ({ ...item, customerId: 'C-ACME0001', customerName: 'Acme Rewards Ltd' }),
      ),
      nextCursor: null,
    })),
    mockEndpoint(billingApi.listTransactions, ({ query, headers }) => {
      transactionQueries.push({ query, accept: headers.get('accept') });
      const items = acmeTransactions.filter(
        (t) => !query.currency || t.currency === query.currency,
      );
      return { items, nextCursor: null };
    }),
    mockEndpoint(billingApi.createFxQuote, ({ body }) => {
      if (body.sellAmount === '9999999') return apiError('currency_not_a_float');
      quote = {
        quoteId: `FXQ-TEST${String((quotes += 1)).padStart(8, '0')}`,
        sellCurrency: body.sellCurrency,
        buyCurrency: body.buyCurrency,
        sellAmount: '200.00',
        exchangedAmount: '199.50',
        fee: '0.50',
        buyAmount: '231.16',
        rate: '1.158734177',
        expiresAt: new Date(Date.now() + (options.quoteSeconds ?? 60) * 1000).toISOString(),
      };
      return quote;
    }),
    mockEndpoint(billingApi.createTrade, ({ body, idempotencyKey }) => {
      trades.push({ quoteId: body.quoteId, idempotencyKey });
      if (!quote || quote.quoteId !== body.quoteId) return apiError('fx_quote_not_found');
      if (options.tradeRefusal) return apiError(options.tradeRefusal);
      made = {
        tradeId: 'TR-TEST00000001',
        status: 'SUCCESSFUL',
        quote,
        createdAt: '2026-11-24T10:00:00.000Z',
      };
      return made;
    }),
    mockEndpoint(billingApi.getTrade, ({ params }) =>
      made && made.tradeId === params.tradeId ? made : apiError('trade_not_found'),
    ),
    mockEndpoint(billingApi.listStatements, () => ({ items: acmeStatements })),
    mockEndpoint(billingApi.getStatement, ({ params, headers }) => {
      statementDownloads.push(params.statementId);
      downloadTypes.push(headers.get('accept') ?? '');
      return (
        acmeStatements.find((s) => s.statementId === params.statementId) ??
        apiError('statement_not_found')
      );
    }),
    mockEndpoint(billingApi.getTopUp, ({ params, headers }) => {
      if (headers.get('accept')?.startsWith('application/pdf')) {
        downloadTypes.push(`invoice:${params.topUpId}`);
      }
      return params.topUpId === topUp.topUpId ? topUp : apiError('top_up_not_found');
    }),
    mockEndpoint(billingApi.receiveTopUp, ({ params, body }) => {
      receipts.push({ topUpId: params.topUpId, body });
      if (params.topUpId !== topUp.topUpId) return apiError('top_up_not_found');
      if (topUp.status !== 'PENDING') return apiError('top_up_not_pending');
      topUp = {
        ...topUp,
        status: 'COMPLETED',
        receivedAmount: body.receivedAmount,
        completedAt: '2026-11-21T10:00:00.000Z',
      };
      return topUp;
    }),
  );
  return {
    created,
    receipts,
    transactionQueries,
    statementDownloads,
    trades,
    storedTokens,
    optionUpdates,
    alertUpdates,
    downloadTypes,
    imports,
  };
}
