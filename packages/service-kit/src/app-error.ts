import { errorCatalogue, type ErrorCode, type FieldError } from '@boon/contracts';

/** A failure the caller is meant to see; the error handler turns it into `{status, code, message}`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: FieldError[],
  ) {
    super(errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}
