import { PAYOUT_LINK_PREFIX } from '@boon/contracts';

/** What a single-use secret in a mail reads as to staff. */
export const REDACTED = 'REDACTED';

// A query parameter that carries a secret: a link's token, a code, a key. In HTML the separator
// may be written `&amp;`.
const SECRET_PARAMETER =
  /([?&]|&amp;)((?:[a-z_-]*)(?:token|code|secret|key|otp|ticket|password)[a-z_-]*)=([^&"'\s<>#]+)/gi;

// A link whose path is the secret: a reward's page, `/redeem/WG-SL-…`, where whoever holds the
// link chooses the reward and reads its code.
const SECRET_PATH = /(\/redeem\/)([^/?#&"'\s<>]+)/gi;

// A reward link's token wherever else it is written (a forwarded link, a link as plain text).
const PAYOUT_TOKEN = new RegExp(`\\b${PAYOUT_LINK_PREFIX}-[A-Za-z0-9_-]+`, 'g');

/**
 * A mail body as staff may read it: every single-use link's secret replaced, so reading someone's
 * password reset, verification, invite or reward in the mailbox never hands over their account or
 * their gift. The rest (who, what, which page the link opens) stays readable.
 */
export function redactSecrets(body: string): string {
  return body
    .replace(SECRET_PARAMETER, (_match, separator: string, name: string) => {
      return `${separator}${name}=${REDACTED}`;
    })
    .replace(SECRET_PATH, (_match, path: string) => `${path}${REDACTED}`)
    .replace(PAYOUT_TOKEN, REDACTED);
}
