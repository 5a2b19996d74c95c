import { z } from 'zod';
import { text } from './text.js';

/** Customer ids look like C-XXXXXXXX: eight upper-case letters or digits. */
export const customerIdSchema = text().regex(/^C-[A-Z0-9]{8}$/, 'Invalid customer id');
export type CustomerId = z.infer<typeof customerIdSchema>;

export const userIdSchema = text().regex(/^U-[A-Z0-9]{8,26}$/, 'Invalid user id');
export type UserId = z.infer<typeof userIdSchema>;
