/** What a single-use secret in a mail reads as to staff. */
export const REDACTED = 'REDACTED';

// A query parameter that carries a secret: a link's token, a code, a key. In HTML the separator
// may be written `&amp;`.
const SECRET_PARAMETER =
  /([?&]|&amp;)((?:[a-z_-]*)(?:token|code|secret|key|otp|ticket|password)[a-z_-]*)=([^&"'\s<>#]+)/gi;

/**
 * A mail body as staff may read it: every single-use link's secret replaced, so reading someone's
 * password reset, verification or invite in the mailbox never hands over their account. The rest
 * (who, what, which page the link opens) stays readable.
 */
export function redactSecrets(body: string): string {
  return body.replace(SECRET_PARAMETER, (_match, separator: string, name: string) => {
    return `${separator}${name}=${REDACTED}`;
  });
}
