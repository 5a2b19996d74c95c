/**
 * Paths open in playground mode whatever their route says (spec 2.5, 4.4): the staff prefixes
 * /debug and /admin, and creating an API key of type playground.
 */
export function isPathAlwaysAllowedInPlayground(pathname: string): boolean {
  return (
    /^\/(debug|admin)(\/|$)/.test(pathname) || /^\/api-keys\/create\/playground\/?$/.test(pathname)
  );
}
