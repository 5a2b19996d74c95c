export * from './access.js';
export * from './app-error.js';
export * from './require-auth.js';
