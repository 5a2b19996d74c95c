/** Paths that must never be the target after sign-in, or sign-in would loop. */
const AUTH_PATHS = ['/login', '/logout', '/auth/callback'];

/**
 * The in-app path to open after sign-in. Only same-origin absolute paths are accepted: the value
 * travels through the URL and the provider, so anything else could send the user off-site.
 */
export function toSafeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return '/';
  const pathname = value.split(/[?#]/, 1)[0] ?? '/';
  if (AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return '/';
  return value;
}
