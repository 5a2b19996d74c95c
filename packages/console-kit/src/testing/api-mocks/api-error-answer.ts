import {
  COMMON_ENDPOINT_ERRORS,
  declaredErrors,
  type IDEMPOTENCY_ERRORS,
  type Endpoint,
  type ErrorCode,
  type FieldError,
} from '@boon/contracts';

/** The codes every endpoint may answer, whatever it declares. */
export type CommonErrorCode = (typeof COMMON_ENDPOINT_ERRORS)[number];

/** The catalogue codes the server may answer for `E`: the ones it declares and the common ones. */
export type EndpointErrorCode<E extends Endpoint> =
  | E['errors'][number]
  | CommonErrorCode
  | (E extends { idempotency: 'required' | 'optional' }
      ? (typeof IDEMPOTENCY_ERRORS)[number]
      : never);

// Symbol.for, not a module's own symbol or class: tests and the kit may hold different instances
// of this module (the set-up reloads our modules for each test file).
const API_ERROR_ANSWER = Symbol.for('boon.api-error-answer');

/** A refusal a mock answers with: a catalogue code, sent with its status and text. */
export interface ApiErrorAnswer<C extends ErrorCode = ErrorCode> {
  readonly [API_ERROR_ANSWER]: true;
  readonly code: C;
  readonly fieldErrors?: FieldError[];
}

/**
 * An error answer as the server sends it: only a code of the error catalogue, with its status and
 * text, so a test double cannot invent an answer the console will never get. Where a mock for an
 * endpoint returns it, only that endpoint's codes compile.
 */
export function apiError<const C extends ErrorCode>(
  code: C,
  fieldErrors?: FieldError[],
): ApiErrorAnswer<C> {
  return { [API_ERROR_ANSWER]: true, code, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** The server's refusal of one field (422 validation_error). */
export function fieldRefusal(path: string, message: string): ApiErrorAnswer<'validation_error'> {
  return apiError('validation_error', [{ path, message }]);
}

export function isApiErrorAnswer(value: unknown): value is ApiErrorAnswer {
  return typeof value === 'object' && value !== null && API_ERROR_ANSWER in value;
}

/** Whether the server may answer `code` for `endpoint` (it refuses to send any other). */
export function endpointMayAnswer(endpoint: Endpoint, code: ErrorCode): boolean {
  return (
    (COMMON_ENDPOINT_ERRORS as readonly ErrorCode[]).includes(code) ||
    declaredErrors(endpoint).includes(code)
  );
}
