import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a token: its SHA-256, so a leaked table holds no usable link. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token for the mail's link (32 random bytes, base64url) and the hash kept of it. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteToken(token) };
}
