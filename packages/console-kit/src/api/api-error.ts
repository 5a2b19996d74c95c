import type { FieldError } from '@boon/contracts';

/**
 * A failed call, in the `{ status, code, message }` shape of every API error (ARCHITECTURE.md).
 * This module imports nothing at run time, so the first-screen chunk can recognise API errors
 * without loading the contracts (and zod).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: readonly FieldError[];

  constructor(
    status: number,
    code: string,
    message: string,
    fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** The status given to calls that never got an answer (offline, DNS, CORS). */
export const NO_RESPONSE_STATUS = 0;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
