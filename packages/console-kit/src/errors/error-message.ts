import { isApiError } from '../api/api-error';
import { isStatusText, statusMessage } from './failure-messages';

/** Said of a refused form whose answer named no field: what happened and what to do. */
export const INVALID_DETAILS_MESSAGE =
  'Some of the details could not be accepted. Check them and try again.';

/** The catalogue's text for a 422, which names the error type rather than saying anything. */
const VALIDATION_CODE = 'validation_error';

/**
 * What to tell the user about a failure: the field problems the API named first, then its
 * catalogue text (never a bare code). A failure that only has a status text to give ("Internal
 * Server Error", "Service Unavailable", "Generic Error") gets a sentence saying what happened and
 * what to do instead; so does anything that is not an API error (a bug), whose details stay in
 * the console log rather than on screen.
 */
export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return statusMessage(0);
  // The spec's texts are shown exactly as written, without punctuation of ours.
  const problems = error.fieldErrors.map((field) => field.message.trim());
  if (error.code === VALIDATION_CODE) {
    return problems.length > 0 ? problems.join(' ') : INVALID_DETAILS_MESSAGE;
  }
  const message = isStatusText(error.message) ? statusMessage(error.status) : error.message;
  return [...problems, message].join(' ');
}
