import { defaultMessageForStatus, isApiErrorBody } from '@boon/contracts';
import { ApiError } from './api-error';

/** Machine codes for answers that did not carry our error shape. */
const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
};

/**
 * Turns a non-OK answer into an ApiError: our own error body keeps its code and message; any
 * other body (a proxy's HTML page, plain text, someone else's JSON) gets the spec's default text
 * for the status (spec 8), and "Generic Error" for statuses without one.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (isApiErrorBody(body)) {
    const { code, message, fieldErrors } = body;
    return new ApiError(response.status, code, message, fieldErrors);
  }
  return new ApiError(
    response.status,
    codeByStatus[response.status] ?? 'generic_error',
    defaultMessageForStatus(response.status),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
