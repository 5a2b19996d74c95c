/**
 * The e-mail address in a JWT access token (the `email` claim of decisions.md), read without
 * verifying the token: before the backend user exists it is the only place the console learns the
 * address from, and it only chooses which onboarding screen to show (the server checks the address
 * again on every call). '' when the token carries none or is not a readable JWT.
 */
export function tokenEmail(token: string | null | undefined): string {
  const payload = token?.split('.')[1];
  if (!payload) return '';
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    return typeof claims.email === 'string' ? claims.email.trim() : '';
  } catch {
    return '';
  }
}
