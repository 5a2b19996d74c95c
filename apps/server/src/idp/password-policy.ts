import commonPasswords from './common-passwords.json' with { type: 'json' };

/** The sign-up and reset forms' password rule: long enough to resist guessing, short enough to hash. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** What the forms say under the password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, at most ${MAX_PASSWORD_LENGTH}. Not a common password or your email address.`;

/**
 * Passwords found most often in public breaches (lower case): the first ones an attacker tries,
 * whatever their length. Shipped with the server, so checking one asks nobody outside.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords.passwords);

/**
 * An address's local part counts as the password's substance when it makes up more than half of
 * it: "ada.lovelace2026!" is mostly the name anyone who knows the address would try first.
 */
const LOCAL_PART_SHARE = 0.5;

export const PASSWORD_PROBLEMS = {
  empty: 'Enter a password.',
  tooShort: `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `The password is too long: use at most ${MAX_PASSWORD_LENGTH} characters.`,
  blank: 'This password is only spaces. Choose one with letters, digits or symbols.',
  repeated: 'This password repeats one character, so it is easy to guess. Choose another.',
  email:
    'This password is your email address, or mostly made of it, so it is easy to guess. Choose another.',
  common: 'This password is one of the most common ones, so it is easy to guess. Choose another.',
} as const;

/** Whose password it is: what a guesser knows about them. */
export interface PasswordOwner {
  email: string;
}

function isMostlyEmail(password: string, email: string): boolean {
  const lowered = password.toLowerCase();
  const address = email.toLowerCase();
  if (address === '') return false;
  if (lowered.includes(address)) return true;
  const localPart = address.slice(0, address.lastIndexOf('@'));
  return (
    localPart.length > 0 &&
    lowered.includes(localPart) &&
    [...localPart].length > [...lowered].length * LOCAL_PART_SHARE
  );
}

/**
 * Why a new password is refused, or undefined when it is fine. Length counts characters as the
 * user sees them (code points), not UTF-16 units, so an emoji counts once.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  const characters = [...password];
  if (characters.length === 0) return PASSWORD_PROBLEMS.empty;
  if (characters.length < MIN_PASSWORD_LENGTH) return PASSWORD_PROBLEMS.tooShort;
  if (characters.length > MAX_PASSWORD_LENGTH) return PASSWORD_PROBLEMS.tooLong;
  if (password.trim() === '') return PASSWORD_PROBLEMS.blank;
  if (new Set(characters).size === 1) return PASSWORD_PROBLEMS.repeated;
  if (isMostlyEmail(password, owner.email)) return PASSWORD_PROBLEMS.email;
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return PASSWORD_PROBLEMS.common;
  return undefined;
}
