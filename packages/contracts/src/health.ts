import { z } from 'zod';
import { text } from './text.js';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(text(), z.enum(['ok', 'failing'])),
});
