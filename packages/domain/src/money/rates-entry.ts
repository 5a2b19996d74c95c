// `@boon/domain/rates`: exchange-rate arithmetic and Boon FX quotes, with decimal.js, kept out of
// the main entry so the console's first screen never loads decimal.js.
export * from './rates.js';
export * from './fx-quote.js';
export * from './order-fx.js';
