// What a service's API tests use to run the real server: the composed app on a database of its
// own, the identity provider's code flow, and the helpers that arrange and read state behind the
// API. A service's tests live beside it (services/<service>/test) but need the whole server,
// which only this app composes, so it offers them this one entry (`@boon/server/testing`).
export * from './built-server.js';
export * from './customer-management-client.js';
export * from './idp-test-helpers.js';
export * from './oidc-client.js';
export * from './pg-test-database.js';
export * from './test-server.js';
