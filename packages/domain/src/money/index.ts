export * from './currencies.js';
export * from './decimal-string.js';
export * from './format-money.js';
export * from './money.js';
// Rates (rates.ts) are imported from '@boon/domain/rates': decimal.js runs code when it loads, so
// no bundler can drop it, and the console's first screen has no use for it.
