import { z } from 'zod';

/** Customer ids look like C-XXXXXXXX: eight upper-case letters or digits. */
export const customerIdSchema = z.string().regex(/^C-[A-Z0-9]{8}$/, 'Invalid customer id');
export type CustomerId = z.infer<typeof customerIdSchema>;

export const userIdSchema = z.string().regex(/^U-[A-Z0-9]{8,26}$/, 'Invalid user id');
export type UserId = z.infer<typeof userIdSchema>;
