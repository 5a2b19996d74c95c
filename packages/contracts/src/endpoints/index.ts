export * as customerManagementApi from './customer-management.js';
export * as mailApi from './mail.js';
export * as billingApi from './billing.js';
export * as savedCardsApi from './saved-cards.js';
export * as catalogApi from './catalog.js';
export * as orderingApi from './ordering.js';
export * as redeemApi from './redeem.js';
