// The zod side of the saved-cards endpoints, loaded on demand (see ../endpoint.ts).
export * from '../saved-cards.js';
import { z } from 'zod';

/** 204: no body. */
export const noContentSchema = z.null();
