import { codeForStatus, defaultMessageForStatus, isApiErrorBody } from '@boon/contracts';
import { ApiError } from './api-error';

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
    codeForStatus(response.status),
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
