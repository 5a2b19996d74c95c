// The zod side of the mail endpoints, loaded on demand (see ../endpoint.ts).
export * from '../mail.js';
