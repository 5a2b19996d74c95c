import { z } from 'zod';
import { text } from './text.js';
import type { ApiErrorBody, FieldError } from './error-catalogue.js';

export const fieldErrorSchema = z.object({
  path: text(),
  message: text(),
}) satisfies z.ZodType<FieldError>;

/** The error body as a schema, for the OpenAPI description and the server's response checks. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: text(),
  message: text(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
}) satisfies z.ZodType<ApiErrorBody>;
