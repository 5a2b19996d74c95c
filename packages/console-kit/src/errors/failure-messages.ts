import { defaultHttpMessages, GENERIC_ERROR_MESSAGE } from '@boon/contracts';
import { getConsoleConfig } from '../config/console-config';
import { contactEmails } from '../constants/links';

/**
 * What a person reads when a call fails without a reason of its own: the API's catalogue keeps
 * the spec's status texts ("Service Unavailable", "Generic Error") as the codes' texts, but on
 * screen each becomes a sentence saying what happened and what to do, and an HTTP status text
 * never shows.
 */

function productName(): string {
  try {
    return getConsoleConfig().productName;
  } catch {
    // A console without a configuration never gets this far; a test renderer might.
    return 'Boon';
  }
}

const contactSupport = `if it keeps happening, write to ${contactEmails.support}`;

/** The call never reached the server (offline, DNS, connection refused): nothing happened. */
export function unreachableMessage(): string {
  return `We can't reach ${productName()} right now; nothing was changed. Check your connection and try again.`;
}

/**
 * The call got no answer in time. A read can simply be asked again; a write may have gone
 * through, which is safe to retry only when it carried an Idempotency-Key.
 */
export function timeoutMessage({
  write,
  retrySafe,
}: {
  write: boolean;
  retrySafe: boolean;
}): string {
  const product = productName();
  if (!write) return `${product} is taking too long to answer. Try again in a moment.`;
  const unknown = `${product} didn't answer in time, so we can't tell whether this went through.`;
  return retrySafe
    ? `${unknown} Trying again is safe: it won't be done twice.`
    : `${unknown} Check before you try again.`;
}

/** The sentence for a failure that only has a status to say, by that status. */
export function statusMessage(status: number): string {
  const product = productName();
  if (status === 400)
    return `${product} couldn't accept this request. Check the details and try again.`;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 403) {
    return "You don't have permission to do this. Ask an owner or admin of your company if you need it.";
  }
  if (status === 404)
    return "We couldn't find what you asked for. It may have been moved or removed.";
  if (status === 429)
    return 'There were too many requests in a short time. Wait a minute, then try again.';
  if (status === 502 || status === 503 || status === 504) {
    return `${product} isn't available right now. Try again in a few minutes.`;
  }
  if (status >= 500)
    return `Something went wrong at ${product}'s end. Try again in a moment; ${contactSupport}.`;
  return `Something went wrong. Try again in a moment; ${contactSupport}.`;
}

const statusTexts = new Set<string>([...Object.values(defaultHttpMessages), GENERIC_ERROR_MESSAGE]);

/** Whether a message is only a status text ("Internal Server Error", "Generic Error"). */
export function isStatusText(message: string): boolean {
  return statusTexts.has(message.trim());
}
