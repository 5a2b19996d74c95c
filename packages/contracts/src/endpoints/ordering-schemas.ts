// The zod side of the ordering and redemption endpoints, loaded on demand (see ../endpoint.ts).
export * from '../ordering.js';
import { z } from 'zod';

/** 204: no body. */
export const noContentSchema = z.null();
export * from '../bulk-orders.js';
