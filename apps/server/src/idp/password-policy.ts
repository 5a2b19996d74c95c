/** The sign-up and reset forms' password rule: long enough to resist guessing, short enough to hash. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** What the forms say under the password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_LENGTH}.`;

/**
 * Why a new password is refused, or undefined when it is fine. Length counts characters as the
 * user sees them (code points), not UTF-16 units, so an emoji counts once.
 */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length === 0) return 'Enter a password.';
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `The password is too long: use at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  return undefined;
}
