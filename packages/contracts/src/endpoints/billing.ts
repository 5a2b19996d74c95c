import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./billing-schemas.js');
const service = 'billing';

export const listBalances = defineEndpoint({
  service,
  method: 'GET',
  path: '/balances',
  summary: "The selected customer's balances: one per float, available and pending",
  access: { permissions: ['read:billing'], orStaff: true },
  tenant: 'header',
  errors: ['no_customers_found'],
  schemas: () => schemas().then((s) => ({ response: s.balancesSchema })),
});

export const createTopUp = defineEndpoint({
  service,
  method: 'POST',
  path: '/top-ups',
  summary:
    'Add funds by bank transfer (a payment reference and the bank details to pay to; the balance rises when the money arrives) or by card (write:top_up_by_card and read:payment_cards; a new card token or a stored card; 3-D Secure answers nextAction)',
  // Either method's permission reaches the route; the handler asks for the one its method needs.
  access: { permissions: ['write:top_up_by_bank', 'write:top_up_by_card'], mode: 'any' },
  tenant: 'header',
  successStatus: 201,
  // Adding funds moves money: a retried request must not create a second top-up.
  idempotency: 'required',
  errors: [
    'no_customers_found',
    'balances_not_enabled',
    'balances_terms_not_accepted',
    'currency_not_a_float',
    'card_currency_not_supported',
    'card_amount_too_large',
    'card_not_found',
    'card_token_invalid',
    'card_declined',
    'card_expired',
  ],
  schemas: () => schemas().then((s) => ({ body: s.topUpCreateSchema, response: s.topUpSchema })),
});

export const confirmTopUp = defineEndpoint({
  service,
  method: 'POST',
  path: '/top-ups/:topUpId/confirm',
  summary:
    'A card top-up after 3-D Secure: asks the processor how the payment ended, credits the balance when it succeeded (once, however often it is asked) and answers the top-up',
  access: { permissions: ['write:top_up_by_card'] },
  tenant: 'header',
  errors: ['top_up_not_found'],
  schemas: () => schemas().then((s) => ({ params: s.topUpPathSchema, response: s.topUpSchema })),
});

export const listTopUps = defineEndpoint({
  service,
  method: 'GET',
  path: '/top-ups',
  summary: "The selected customer's top-ups, newest first (cursor paging; optionally one status)",
  access: { permissions: ['read:billing'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({ query: s.topUpListQuerySchema, response: s.topUpPageSchema })),
});

export const getTopUp = defineEndpoint({
  service,
  method: 'GET',
  path: '/top-ups/:topUpId',
  summary:
    "One of the selected customer's top-ups, with its state; with Accept: application/pdf, its invoice (a payment request while a bank transfer awaits its money, a receipt once paid)",
  access: { permissions: ['read:billing'], orStaff: true },
  tenant: 'header',
  errors: ['top_up_not_found'],
  schemas: () => schemas().then((s) => ({ params: s.topUpPathSchema, response: s.topUpSchema })),
});

export const listAllTopUps = defineEndpoint({
  service,
  method: 'GET',
  path: '/staff/top-ups',
  summary:
    "Staff: every customer's bank transfer top-ups, newest first (cursor paging; PENDING for those awaiting money)",
  access: 'staff',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({ query: s.topUpListQuerySchema, response: s.staffTopUpPageSchema })),
});

export const receiveTopUp = defineEndpoint({
  service,
  method: 'POST',
  path: '/staff/top-ups/:topUpId/receive',
  summary:
    "Staff: the money of a bank top-up arrived; credits what arrived to the customer's balance and mails them",
  access: 'staff',
  idempotency: 'optional',
  errors: ['top_up_not_found', 'top_up_not_pending'],
  schemas: () =>
    schemas().then((s) => ({
      params: s.topUpPathSchema,
      body: s.topUpReceiptSchema,
      response: s.topUpSchema,
    })),
});

export const importBankStatement = defineEndpoint({
  service,
  method: 'POST',
  path: '/staff/bank-statements',
  summary:
    "Staff: import a bank statement (CSV with reference, amount and currency columns); each line quoting a waiting top-up's reference credits what arrived, flagged when it differs; the rest are reported, nothing else changes. Importing the same file again credits nothing twice",
  access: 'staff',
  idempotency: 'optional',
  errors: ['bank_statement_unreadable'],
  schemas: () =>
    schemas().then((s) => ({
      body: s.bankStatementImportSchema,
      response: s.bankStatementResultSchema,
    })),
});

export const checkLedger = defineEndpoint({
  service,
  method: 'GET',
  path: '/staff/ledger-check',
  summary:
    "Staff: the ledger's checks (every transfer balances, every account's totals equal its entries, debits equal credits per currency, no balance below zero) on one consistent snapshot; reads only",
  access: 'staff',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.ledgerCheckSchema })),
});

export const listTransactions = defineEndpoint({
  service,
  method: 'GET',
  path: '/transactions',
  summary:
    "The selected customer's transactions: filters, a search by reference or id, newest or oldest first, cursor paging. With Accept: text/csv, every matching transaction as a CSV download (download:activity_history)",
  access: { permissions: ['read:activity_history'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () =>
    schemas().then((s) => ({
      query: s.transactionListQuerySchema,
      response: s.transactionPageSchema,
    })),
});

export const listStatements = defineEndpoint({
  service,
  method: 'GET',
  path: '/statements',
  summary:
    "The selected customer's monthly statements, one per balance and UTC month since its first movement, newest first",
  access: { permissions: ['read:statements'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.statementListSchema })),
});

export const getStatement = defineEndpoint({
  service,
  method: 'GET',
  path: '/statements/:statementId',
  summary:
    'One monthly statement; with Accept: text/csv or application/pdf, its opening balance, every movement and its closing balance as a CSV or PDF download (download:statements)',
  access: { permissions: ['read:statements'], orStaff: true },
  tenant: 'header',
  errors: ['statement_not_found'],
  schemas: () =>
    schemas().then((s) => ({ params: s.statementPathSchema, response: s.statementSchema })),
});

const fxErrors = ['fx_not_enabled', 'currency_not_a_float'] as const;

export const createFxQuote = defineEndpoint({
  service,
  method: 'POST',
  path: '/fx/quotes',
  summary: 'Boon FX: a quote to exchange between two balances (rate, fee, both amounts, expiry)',
  access: { permissions: ['write:top_up_by_fx'] },
  tenant: 'header',
  successStatus: 201,
  errors: [...fxErrors],
  schemas: () =>
    schemas().then((s) => ({ body: s.fxQuoteRequestSchema, response: s.fxQuoteSchema })),
});

export const createTrade = defineEndpoint({
  service,
  method: 'POST',
  path: '/trades',
  summary:
    "Boon FX: make a quote's exchange; both sides and the fee are linked ledger transfers, all or none",
  access: { permissions: ['write:top_up_by_fx'] },
  tenant: 'header',
  successStatus: 201,
  idempotency: 'required',
  errors: [
    ...fxErrors,
    'fx_quote_not_found',
    'fx_quote_expired',
    'fx_quote_used',
    'insufficient_funds',
  ],
  schemas: () => schemas().then((s) => ({ body: s.tradeCreateSchema, response: s.tradeSchema })),
});

export const getTrade = defineEndpoint({
  service,
  method: 'GET',
  path: '/trades/:tradeId',
  summary: "One of the selected customer's trades",
  access: { permissions: ['read:billing'], orStaff: true },
  tenant: 'header',
  errors: ['trade_not_found'],
  schemas: () => schemas().then((s) => ({ params: s.tradePathSchema, response: s.tradeSchema })),
});

export const getBalanceAlerts = defineEndpoint({
  service,
  method: 'GET',
  path: '/balance-alerts',
  summary:
    "The selected customer's balance notifications: a low-balance threshold per balance and the addresses to mail",
  access: { permissions: ['read:billing'], orStaff: true },
  tenant: 'header',
  errors: [],
  schemas: () => schemas().then((s) => ({ response: s.balanceAlertsSchema })),
});

export const updateBalanceAlerts = defineEndpoint({
  service,
  method: 'PUT',
  path: '/balance-alerts',
  summary:
    'Replace the balance notifications (spec 2.6: for those who add funds): thresholds per balance and at most 5 addresses; a balance under its threshold is mailed about once per fall',
  access: { permissions: ['write:top_up_by_bank', 'write:top_up_by_card'], mode: 'any' },
  tenant: 'header',
  errors: ['currency_not_a_float', 'no_customers_found'],
  schemas: () =>
    schemas().then((s) => ({ body: s.balanceAlertsUpdateSchema, response: s.balanceAlertsSchema })),
});
