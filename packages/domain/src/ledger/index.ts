export * from './ledger-rules.js';
