// No zod here: the console's first screens and the identity provider read it.
/**
 * Spec 5's e-mail format (non-space text, an at sign, a domain with a dot, a suffix of at least 2
 * letters), tightened to exactly one address: the local part holds none of the characters that
 * separate or quote addresses (`, ; : < > ( ) [ ] " \` and a second `@`), and the domain is
 * dot-separated labels of letters, digits and inner hyphens. Otherwise `a@evil.test,b@corp.test`
 * passes, mail libraries send to both, and the address's domain reads as corp.test. Nor does it
 * hold control or format characters (`\p{Cc}`, `\p{Cf}`): a right-to-left override (U+202E) makes
 * an address read backwards in the team list and the mailbox, and a zero-width space makes two
 * addresses look the same.
 */
export const EMAIL_FORMAT =
  /^[^\s@,;:<>()[\]"\\\p{Cc}\p{Cf}]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/u;

/** The most characters an e-mail address may have (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
