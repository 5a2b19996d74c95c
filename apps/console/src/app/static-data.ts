/**
 * Route names of the spec (2.1, 2.2). Every route declares one in `staticData`, so guards, the
 * sidebar and analytics can refer to routes by name instead of by path.
 */
export type RouteName =
  'root' | 'authenticated' | 'home' | 'login' | 'logout' | 'auth-callback' | 'not-found';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name: RouteName;
    /** The document title's first part; the product name follows ("Home · Boon"). */
    title?: string;
  }
}
