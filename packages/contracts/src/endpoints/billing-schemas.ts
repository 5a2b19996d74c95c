// The zod side of the billing endpoints, loaded on demand (see ../endpoint.ts).
export * from '../billing.js';
