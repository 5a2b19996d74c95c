import {
  billingApi,
  type Balance,
  type BalanceAlertsUpdate,
  type BankStatementImport,
  type BankTopUpCreate,
  type CardTopUpCreate,
  type SavedCard,
  savedCardsApi,
  type CustomerId,
  type TopUp,
  type TopUpPage,
  type StaffTopUpPage,
  type TopUpReceipt,
  type TopUpStatus,
  type TransactionListQuery,
  type FxQuote,
  type FxQuoteRequest,
  type Trade,
} from '@boon/contracts';
import { skipToken, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys, type ApiClient, useApiClient } from '@boon/console-kit';

/**
 * Query keys of the billing screens. The customer is part of each, so switching customers never
 * shows the previous customer's money; a top-up invalidates the customer's balances.
 */
export const billingQueryKeys = {
  balances: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'billing', 'balances'),
  topUps: (customerId: CustomerId | null) => queryKeys.tenant(customerId, 'billing', 'top-ups'),
  staffTopUps: (status: TopUpStatus | 'ALL') => queryKeys.staff('billing', 'top-ups', status),
  trade: (customerId: CustomerId | null, tradeId: string) =>
    queryKeys.tenant(customerId, 'billing', 'trade', tradeId),
  statements: (customerId: CustomerId | null) =>
    queryKeys.tenant(customerId, 'billing', 'statements'),
  transactions: (customerId: CustomerId | null, filters: object) =>
    queryKeys.tenant(customerId, 'billing', 'transactions', filters),
  topUp: (customerId: CustomerId | null, topUpId: string) =>
    queryKeys.tenant(customerId, 'billing', 'top-up', topUpId),
  savedCards: (customerId: CustomerId | null) =>
    queryKeys.tenant(customerId, 'billing', 'saved-cards'),
  balanceAlerts: (customerId: CustomerId | null) =>
    queryKeys.tenant(customerId, 'billing', 'balance-alerts'),
};

/** What moving money makes stale: the balances and the lists of top-ups (staff's too). */
export function billingKeysAfterTopUp(customerId: CustomerId | null) {
  return [
    billingQueryKeys.balances(customerId),
    billingQueryKeys.topUps(customerId),
    queryKeys.staff('billing', 'top-ups'),
  ];
}

/** Refetches what moving money made stale (billingKeysAfterTopUp). */
export function refreshAfterMoneyMoved(queryClient: QueryClient, customerId: CustomerId | null) {
  return Promise.all(
    billingKeysAfterTopUp(customerId).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** GET /balances: one entry per float of the selected customer. */
export async function fetchBalances(api: ApiClient, signal?: AbortSignal): Promise<Balance[]> {
  const answer = await api.call(billingApi.listBalances, { signal });
  return answer.balances;
}

/** POST /top-ups: a bank top-up, once per key. */
export function createBankTopUp(
  api: ApiClient,
  topUp: BankTopUpCreate,
  idempotencyKey: string,
): Promise<TopUp> {
  return api.call(billingApi.createTopUp, { body: topUp, idempotencyKey });
}

/** POST /top-ups: a card top-up, once per key (a retry never charges the card twice). */
export function createCardTopUp(
  api: ApiClient,
  topUp: CardTopUpCreate,
  idempotencyKey: string,
): Promise<TopUp> {
  return api.call(billingApi.createTopUp, { body: topUp, idempotencyKey });
}

/** POST /top-ups/{id}/confirm: after 3-D Secure, how the card payment ended. */
export function confirmCardTopUp(api: ApiClient, topUpId: string): Promise<TopUp> {
  return api.call(billingApi.confirmTopUp, { params: { topUpId } });
}

/** GET /cards: the selected customer's stored cards, newest first. */
export async function fetchSavedCards(api: ApiClient, signal?: AbortSignal): Promise<SavedCard[]> {
  return (await api.call(savedCardsApi.listCards, { signal })).items;
}

/** The selected customer's stored cards; idle until a customer is chosen or when not `enabled`. */
export function useSavedCards(customerId: CustomerId | null, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.savedCards(customerId),
    queryFn: customerId && enabled ? ({ signal }) => fetchSavedCards(api, signal) : skipToken,
  });
}

/** POST /cards: stores a card the processor's frame tokenised. */
export function storeCard(api: ApiClient, cardToken: string, idempotencyKey: string) {
  return api.call(savedCardsApi.createCard, { body: { cardToken }, idempotencyKey });
}

/** DELETE /cards/{id}. */
export function removeCard(api: ApiClient, cardId: string) {
  return api.call(savedCardsApi.deleteCard, { params: { cardId } });
}

/** The selected customer's balance notifications; idle until a customer is chosen. */
export function useBalanceAlerts(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.balanceAlerts(customerId),
    queryFn: customerId
      ? ({ signal }) => api.call(billingApi.getBalanceAlerts, { signal })
      : skipToken,
  });
}

/** PUT /balance-alerts: replaces the thresholds and addresses. */
export function saveBalanceAlerts(api: ApiClient, update: BalanceAlertsUpdate) {
  return api.call(billingApi.updateBalanceAlerts, { body: update });
}

/** GET /staff/ledger-check: the ledger's checks, for staff. */
export function checkLedger(api: ApiClient) {
  return api.call(billingApi.checkLedger, {});
}

/** POST /staff/bank-statements: staff import a bank statement's CSV text. */
export function importBankStatement(api: ApiClient, statement: BankStatementImport) {
  return api.call(billingApi.importBankStatement, { body: statement });
}

/** GET /top-ups/{id}: one of the selected customer's top-ups. */
export function fetchTopUp(api: ApiClient, topUpId: string, signal?: AbortSignal): Promise<TopUp> {
  return api.call(billingApi.getTopUp, { params: { topUpId }, signal });
}

/** The selected customer's balances; idle until a customer is chosen. */
export function useBalances(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.balances(customerId),
    queryFn: customerId ? ({ signal }) => fetchBalances(api, signal) : skipToken,
  });
}

/** One top-up of the selected customer; while it waits for money, it is asked again each minute. */
export function useTopUp(customerId: CustomerId | null, topUpId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.topUp(customerId, topUpId),
    queryFn: customerId ? ({ signal }) => fetchTopUp(api, topUpId, signal) : skipToken,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 60_000 : false),
  });
}

/** GET /top-ups: a page of the selected customer's top-ups, newest first. */
export function fetchTopUps(
  api: ApiClient,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TopUpPage> {
  return api.call(billingApi.listTopUps, {
    query: cursor ? { limit: TOP_UPS_PER_PAGE, cursor } : { limit: TOP_UPS_PER_PAGE },
    signal,
  });
}

export const TOP_UPS_PER_PAGE = 10;

/** The selected customer's top-ups, a page at a time ("Show more"). */
export function useTopUps(customerId: CustomerId | null) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: billingQueryKeys.topUps(customerId),
    queryFn: customerId
      ? ({ pageParam, signal }) => fetchTopUps(api, pageParam, signal)
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** POST /top-ups/{id}/receive (staff): the money of a bank top-up arrived. */
export function receiveTopUp(
  api: ApiClient,
  topUpId: string,
  receipt: TopUpReceipt,
  idempotencyKey: string,
): Promise<TopUp> {
  return api.call(billingApi.receiveTopUp, {
    params: { topUpId },
    body: receipt,
    idempotencyKey,
    withCustomerId: false,
  });
}

/** Staff: every customer's top-ups, a page at a time, optionally of one status. */
export function useStaffTopUps(status: TopUpStatus | 'ALL') {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: billingQueryKeys.staffTopUps(status),
    queryFn: ({ pageParam, signal }): Promise<StaffTopUpPage> =>
      api.call(billingApi.listAllTopUps, {
        query: {
          limit: TOP_UPS_PER_PAGE,
          ...(status === 'ALL' ? {} : { status }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
        withCustomerId: false,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const TRANSACTIONS_PER_PAGE = 25;

/** The selected customer's transactions matching `filters`, a page at a time. */
export function useTransactions(
  customerId: CustomerId | null,
  filters: Omit<TransactionListQuery, 'cursor' | 'limit'>,
) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: billingQueryKeys.transactions(customerId, filters),
    queryFn: customerId
      ? ({ pageParam, signal }) =>
          api.call(billingApi.listTransactions, {
            query: {
              ...filters,
              limit: TRANSACTIONS_PER_PAGE,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
            signal,
          })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Every transaction matching `filters` as a CSV file (download:activity_history). */
export function downloadTransactionsCsv(
  api: ApiClient,
  filters: Omit<TransactionListQuery, 'cursor' | 'limit'>,
) {
  return api.download(billingApi.listTransactions, 'text/csv', { query: filters });
}

/** The selected customer's monthly statements, newest first. */
export function useStatements(customerId: CustomerId | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.statements(customerId),
    queryFn: customerId
      ? async ({ signal }) => (await api.call(billingApi.listStatements, { signal })).items
      : skipToken,
  });
}

/** One statement as a CSV file (download:statements). */
export function downloadStatement(api: ApiClient, statementId: string, format: 'csv' | 'pdf') {
  return api.download(billingApi.getStatement, format === 'csv' ? 'text/csv' : 'application/pdf', {
    params: { statementId },
  });
}

/** GET /top-ups/{id} as a PDF: its invoice (a payment request until paid, then a receipt). */
export function downloadTopUpInvoice(api: ApiClient, topUpId: string) {
  return api.download(billingApi.getTopUp, 'application/pdf', { params: { topUpId } });
}

/** POST /fx/quotes: a quote for an exchange between two of the selected customer's balances. */
export function createFxQuote(api: ApiClient, request: FxQuoteRequest): Promise<FxQuote> {
  return api.call(billingApi.createFxQuote, { body: request });
}

/** POST /trades: makes a quote's exchange, once per key. */
export function createTrade(
  api: ApiClient,
  quoteId: string,
  idempotencyKey: string,
): Promise<Trade> {
  return api.call(billingApi.createTrade, { body: { quoteId }, idempotencyKey });
}

/** One of the selected customer's exchanges. */
export function useTrade(customerId: CustomerId | null, tradeId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.trade(customerId, tradeId),
    queryFn: customerId
      ? ({ signal }) => api.call(billingApi.getTrade, { params: { tradeId }, signal })
      : skipToken,
  });
}
