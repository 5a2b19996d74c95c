import { errorCatalogue, type ErrorCode, type FieldError } from '@boon/contracts';

export interface AppErrorOptions {
  /** Sent as `Retry-After` (seconds): when a refused request may succeed if tried again. */
  retryAfterSeconds?: number;
}

/** A failure the caller is meant to see; the error handler turns it into `{status, code, message}`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: FieldError[],
    options: AppErrorOptions = {},
  ) {
    super(errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 422 about one field, which a form shows at that field. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('validation_error', [{ path, message }]);
}
