import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { optionalString, signedInAreaRoute } from '@boon/console-kit';
import { parseStaffTopUpsSearch } from './staff-top-ups/staff-top-ups-search';
import { parseStatementsSearch } from './statements/statements-search';
import { parseTransactionsSearch } from './transactions/transactions-search';

export interface BankDetailsSearch {
  /** The top-up just created, whose payment instructions this step shows. */
  topUpId?: string;
}

/**
 * Billing (spec 2.5: "Billing (separate application) under /billing"). /billing is a layout whose
 * title is the home's breadcrumb, "Balances", so the add-funds steps read "Balances › Add funds ›
 * Bank transfer"; every page below it needs a customer with balances on (spec 6).
 */
export const billingRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/billing',
  staticData: {
    name: 'billing',
    title: 'Balances',
    meta: { requiresCustomerId: true, requiresBalancesEnabledForCustomer: true },
  },
});

export const billingHomeRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: '/',
  staticData: {
    name: 'billing-home',
    meta: { permissionGuards: { permissions: ['read:billing'] } },
  },
  component: lazyRouteComponent(() => import('./balances/balances-page'), 'BalancesPage'),
});

/** Spec 6: add-funds and its bank and card pages need the balances terms accepted. */
export const addFundsRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'add-funds',
  staticData: {
    name: 'add-funds',
    title: 'Add funds',
    meta: {
      requiresBalancesTncAccepted: true,
      permissionGuards: {
        permissions: ['write:top_up_by_bank', 'write:top_up_by_card', 'write:top_up_by_fx'],
        guardAction: 'OR',
      },
    },
  },
});

export const addFundsIndexRoute = createRoute({
  getParentRoute: () => addFundsRoute,
  path: '/',
  staticData: { name: 'add-funds-home' },
  component: lazyRouteComponent(() => import('./top-ups/add-funds-page'), 'AddFundsPage'),
});

const mayTopUpByBank = { permissions: ['write:top_up_by_bank'] } as const;

export const bankTransferRoute = createRoute({
  getParentRoute: () => addFundsRoute,
  path: 'bank-transfer',
  staticData: {
    name: 'bank-transfer',
    title: 'Bank transfer',
    meta: { permissionGuards: mayTopUpByBank },
  },
});

export const bankTransferIndexRoute = createRoute({
  getParentRoute: () => bankTransferRoute,
  path: '/',
  staticData: { name: 'bank-transfer-home' },
  component: lazyRouteComponent(() => import('./top-ups/bank-transfer-page'), 'BankTransferPage'),
});

export const bankDetailsRoute = createRoute({
  getParentRoute: () => bankTransferRoute,
  path: 'bank-details',
  staticData: { name: 'bank-details', title: 'Bank details' },
  validateSearch: (search: Record<string, unknown>): BankDetailsSearch => {
    const topUpId = optionalString(search.topUpId, 40);
    return topUpId ? { topUpId } : {};
  },
  component: lazyRouteComponent(() => import('./top-ups/bank-details-page'), 'BankDetailsPage'),
});

/** Spec 6: card top-up needs write:top_up_by_card and read:payment_cards (AND). */
export const cardTopUpRoute = createRoute({
  getParentRoute: () => addFundsRoute,
  path: 'card-top-up',
  staticData: {
    name: 'card-top-up',
    title: 'Card payment',
    meta: { permissionGuards: { permissions: ['write:top_up_by_card', 'read:payment_cards'] } },
  },
});

export const cardTopUpIndexRoute = createRoute({
  getParentRoute: () => cardTopUpRoute,
  path: '/',
  staticData: { name: 'card-top-up-home' },
  component: lazyRouteComponent(() => import('./cards/card-top-up-page'), 'CardTopUpPage'),
});

export const cardSuccessRoute = createRoute({
  getParentRoute: () => cardTopUpRoute,
  path: 'card-success/$topUpId',
  staticData: { name: 'card-success', title: 'Funds added' },
  component: lazyRouteComponent(() => import('./top-ups/top-up-page'), 'CardSuccessPage'),
});

/**
 * Boon FX (spec 6: write:top_up_by_fx and fx on for the customer, but not the balances terms),
 * so it hangs off /billing rather than under add-funds, whose pages need the terms; its address
 * is still add-funds/currency-exchange.
 */
export const currencyExchangeRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'add-funds/currency-exchange',
  staticData: {
    name: 'currency-exchange',
    title: '{product} FX',
    meta: {
      requiresFXEnabledForCustomer: true,
      permissionGuards: { permissions: ['write:top_up_by_fx'] },
    },
  },
});

export const currencyExchangeIndexRoute = createRoute({
  getParentRoute: () => currencyExchangeRoute,
  path: '/',
  staticData: { name: 'currency-exchange-home' },
  component: lazyRouteComponent(
    () => import('./fx/currency-exchange-page'),
    'CurrencyExchangePage',
  ),
});

export const tradeSuccessRoute = createRoute({
  getParentRoute: () => currencyExchangeRoute,
  path: 'trade-success/$tradeId',
  staticData: { name: 'trade-success', title: 'Exchange done' },
  component: lazyRouteComponent(() => import('./fx/trade-pages'), 'TradeSuccessPage'),
});

export const tradeRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'trade/$tradeId',
  staticData: {
    name: 'trade',
    title: 'Exchange',
    meta: { permissionGuards: { permissions: ['read:billing'] } },
  },
  component: lazyRouteComponent(() => import('./fx/trade-pages'), 'TradePage'),
});

export interface BalanceNotificationsSearch {
  /** The company the older platform's link names (spec 2.6). */
  customerId?: string;
}

/**
 * Balance notifications: where the older platform's notification-preferences link
 * leads (/api/connect/notification-preferences?customerId=…). Reading needs read:billing; the
 * page lets those who add funds change them, as the server does.
 */
export const balanceNotificationsRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'balance-notifications',
  staticData: {
    name: 'balance-notifications',
    title: 'Low-balance notifications',
    meta: { permissionGuards: { permissions: ['read:billing'] } },
  },
  validateSearch: (search: Record<string, unknown>): BalanceNotificationsSearch => {
    const customerId = optionalString(search.customerId, 20);
    return customerId ? { customerId } : {};
  },
  component: lazyRouteComponent(
    () => import('./balance-alerts/balance-notifications-page'),
    'BalanceNotificationsPage',
  ),
});

export const topUpRoute = createRoute({
  getParentRoute: () => billingRoute,
  path: 'top-up/$topUpId',
  staticData: {
    name: 'top-up',
    title: 'Top-up',
    meta: { permissionGuards: { permissions: ['read:billing'] } },
  },
  component: lazyRouteComponent(() => import('./top-ups/top-up-page'), 'TopUpPage'),
});

/**
 * Staff: bank transfers of every customer, to record the money that arrived. Not
 * one of the spec's routes; under /admin beside staff's Customers screen.
 */
export const staffTopUpsRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/admin/top-ups',
  staticData: {
    name: 'staff-top-ups',
    title: 'Bank transfers',
    meta: { staffOnly: true, requiresFeatureToggle: { feature: 'staffViews' } },
  },
  validateSearch: parseStaffTopUpsSearch,
  component: lazyRouteComponent(
    () => import('./staff-top-ups/staff-top-ups-page'),
    'StaffTopUpsPage',
  ),
});

/**
 * All transactions (spec 2.5: "/statements and /transactions ... link to billing statements and
 * transactions"; 2.1 transactions-home needs read:activity_history and balances on).
 */
export const transactionsRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/transactions',
  staticData: {
    name: 'transactions-home',
    title: 'All transactions',
    meta: {
      requiresCustomerId: true,
      requiresBalancesEnabledForCustomer: true,
      permissionGuards: { permissions: ['read:activity_history'] },
    },
  },
  validateSearch: parseTransactionsSearch,
  component: lazyRouteComponent(
    () => import('./transactions/transactions-page'),
    'TransactionsPage',
  ),
});

export interface CardSavedSearch {
  cardId?: string;
}

/**
 * Stored cards (spec 2.5: /stored-cards, add, saved; 2.1: read:payment_cards, non-staff; the
 * sidebar hides it from staff, and the saved-cards service refuses them).
 */
export const storedCardsRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/stored-cards',
  staticData: {
    name: 'stored-cards',
    title: 'Stored cards',
    meta: { requiresCustomerId: true, permissionGuards: { permissions: ['read:payment_cards'] } },
  },
});

export const storedCardsIndexRoute = createRoute({
  getParentRoute: () => storedCardsRoute,
  path: '/',
  staticData: { name: 'stored-cards-home' },
  component: lazyRouteComponent(() => import('./cards/stored-cards-page'), 'StoredCardsPage'),
});

export const addCardRoute = createRoute({
  getParentRoute: () => storedCardsRoute,
  path: 'add',
  staticData: {
    name: 'stored-cards-add',
    title: 'Add a card',
    meta: { permissionGuards: { permissions: ['write:payment_cards'] } },
  },
  component: lazyRouteComponent(() => import('./cards/add-card-page'), 'AddCardPage'),
});

export const cardSavedRoute = createRoute({
  getParentRoute: () => storedCardsRoute,
  path: 'saved',
  staticData: { name: 'stored-cards-saved', title: 'Card saved' },
  validateSearch: (search: Record<string, unknown>): CardSavedSearch => {
    const cardId = optionalString(search.cardId, 40);
    return cardId ? { cardId } : {};
  },
  component: lazyRouteComponent(() => import('./cards/card-saved-page'), 'CardSavedPage'),
});

/** Spec 2.5: the older card addresses lead to the stored cards. */
export const paymentMethodsRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/payment-methods',
  staticData: { name: 'payment-methods' },
  beforeLoad: ({ location }) => {
    throw redirect({
      to:
        location.pathname.replace(/\/+$/, '') === '/payment-methods/add'
          ? '/stored-cards/add'
          : '/stored-cards',
      replace: true,
    });
  },
});

export const paymentMethodsAddRoute = createRoute({
  getParentRoute: () => paymentMethodsRoute,
  path: 'add',
  staticData: { name: 'payment-methods-add' },
});

/** Statements (spec 2.1 statements-home: read:statements, balances on). */
export const statementsRoute = createRoute({
  getParentRoute: () => signedInAreaRoute,
  path: '/statements',
  staticData: {
    name: 'statements-home',
    title: 'Statements',
    meta: {
      requiresCustomerId: true,
      requiresBalancesEnabledForCustomer: true,
      permissionGuards: { permissions: ['read:statements'] },
    },
  },
  validateSearch: parseStatementsSearch,
  component: lazyRouteComponent(() => import('./statements/statements-page'), 'StatementsPage'),
});

export const billingRoutes = [
  billingRoute.addChildren([
    billingHomeRoute,
    addFundsRoute.addChildren([
      addFundsIndexRoute,
      bankTransferRoute.addChildren([bankTransferIndexRoute, bankDetailsRoute]),
      cardTopUpRoute.addChildren([cardTopUpIndexRoute, cardSuccessRoute]),
    ]),
    currencyExchangeRoute.addChildren([currencyExchangeIndexRoute, tradeSuccessRoute]),
    topUpRoute,
    tradeRoute,
    balanceNotificationsRoute,
  ]),
  staffTopUpsRoute,
  transactionsRoute,
  statementsRoute,
  storedCardsRoute.addChildren([storedCardsIndexRoute, addCardRoute, cardSavedRoute]),
  paymentMethodsRoute.addChildren([paymentMethodsAddRoute]),
];
