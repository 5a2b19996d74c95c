/**
 * The onboarding facts in a JWT access token (decisions.md's claims), read without verifying the
 * token: before the backend user exists it is the only place the console learns them from, and
 * they only choose which onboarding screen to show (the server checks everything again on every
 * call).
 */
function tokenClaims(token: string | null | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The `email` claim; '' when the token carries none or is not a readable JWT. */
export function tokenEmail(token: string | null | undefined): string {
  const { email } = tokenClaims(token);
  return typeof email === 'string' ? email.trim() : '';
}

/**
 * The `onboarding` claim: the person signed up to set up a company and belongs to none yet. The
 * provider keeps it with the user, so it holds in any browser, unlike the local-storage flag.
 */
export function tokenOnboarding(token: string | null | undefined): boolean {
  return tokenClaims(token).onboarding === true;
}
