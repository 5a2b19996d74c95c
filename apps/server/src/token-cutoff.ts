/**
 * Whether an access token issued at `issuedAt` (its `iat`, in whole seconds) was issued no later
 * than `cutoff`, the moment the user's earlier tokens were revoked (a password reset).
 *
 * `iat` cannot tell a token issued just before the cutoff from one issued just after it within
 * the same second, so every token of the cutoff's own second counts as issued before it: the
 * refusal errs on the safe side. The client of a token refused so gets a new one with its
 * refresh token (from a sign-in after the reset, since the reset revoked the older ones), and that
 * one is issued in a later second.
 */
export function issuedBeforeCutoff(issuedAt: number, cutoff: Date | null): boolean {
  if (cutoff === null) return false;
  return issuedAt <= Math.floor(cutoff.getTime() / 1000);
}
