/**
 * The cookie telling the server that a user is stored in this browser, so that its answer for /
 * can ask for the console's code along with the page (apps/server/src/plugins/console-hosting.ts):
 * / hands a visitor without a stored user straight to sign-in (sign-in-hand-off.ts), who needs
 * none of that code. Only a hint, holding no token and no name: a stale one costs one download
 * that was not needed, a missing one a round trip.
 */
export const SIGNED_IN_HINT_COOKIE = 'boon-signed-in';

/** A month, renewed on every visit. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Sets the hint to whether a user is stored now. */
export function writeSignedInHint(signedIn: boolean): void {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const value = signedIn ? `1; Max-Age=${HINT_MAX_AGE_SECONDS}` : '; Max-Age=0';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}
