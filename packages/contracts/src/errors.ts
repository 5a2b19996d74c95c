import { z } from 'zod';
import type { ApiErrorBody, FieldError } from './error-catalogue.js';

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
}) satisfies z.ZodType<FieldError>;

/** The error body as a schema, for the OpenAPI description and the server's response checks. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
}) satisfies z.ZodType<ApiErrorBody>;
