export * as customerManagementApi from './customer-management.js';
export * as mailApi from './mail.js';
export * as billingApi from './billing.js';
export * as savedCardsApi from './saved-cards.js';
