import { GENERIC_ERROR_MESSAGE } from '@boon/contracts';
import { isApiError } from './api-error';

/**
 * What to tell the user about a failure: the API's message for API errors, "Generic Error" for
 * anything else (a response that did not match its contract, a bug), whose details stay in the
 * console log rather than on screen.
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE;
}
