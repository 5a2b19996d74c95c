/**
 * Spec 5: non-space text, an at sign, a domain with a dot, and a suffix of at least 2 letters.
 * The server checks the same rule (the console only mirrors it).
 */
const EMAIL_FORMAT = /^\S+@\S+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_FORMAT.test(value.trim());
}

/** The part after the last @, lower-cased; empty when there is none. */
export function emailHost(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Public e-mail hosts (decisions.md): a company cannot be created from one of them. */
export const publicEmailHosts = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
] as const;

export function isPublicEmail(email: string): boolean {
  return (publicEmailHosts as readonly string[]).includes(emailHost(email));
}
