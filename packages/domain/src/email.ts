import { EMAIL_FORMAT, EMAIL_MAX_LENGTH } from '@boon/contracts';
/**
 * Spec 5's e-mail format, as one address (contracts' EMAIL_FORMAT says how and why). The server
 * checks the same rule (the console only mirrors it).
 */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_FORMAT.test(trimmed);
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
