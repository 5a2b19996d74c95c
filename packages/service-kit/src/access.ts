import type { Permission, Role } from '@boon/contracts';

/**
 * What a route needs, declared on every route (`config.access`); the server refuses to start with
 * a route that doesn't say, so "every endpoint checks the permission" is mechanical.
 * - 'public': no token needed.
 * - 'authenticated': a valid token; `x-customer-id`, when sent, must be one of the user's customers.
 * - 'staff': an authenticated user who is the provider's staff (customer management screens).
 * - { permissions }: additionally a selected customer (`x-customer-id`) where the user holds all
 *   (mode 'all', the default) or any (mode 'any') of the permissions; with `orStaff`, the
 *   provider's staff pass too without holding them (reads staff need to support a customer).
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | 'staff'
  | { permissions: readonly Permission[]; mode?: 'all' | 'any'; orStaff?: boolean };

export interface AuthUser {
  id: string;
  email: string;
  isStaff: boolean;
  /** Every customer the user belongs to, sorted by name, with the roles held there. */
  memberships: { customerId: string; roles: Role[] }[];
}

/** Who is calling, established once per request by the server's auth layer. */
export interface AuthContext {
  /** The token's subject. */
  subject: string;
  email: string;
  /** Our user behind the token; undefined when the identity has no backend user yet. */
  user: AuthUser | undefined;
  /** The customer the request acts for (validated `x-customer-id`), if any. */
  customerId: string | undefined;
  /** Roles and permissions held at `customerId` (empty without one). */
  roles: Role[];
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function holdsPermissions(
  held: readonly Permission[],
  required: readonly Permission[],
  mode: 'all' | 'any' = 'all',
): boolean {
  if (required.length === 0) return true;
  return mode === 'all'
    ? required.every((p) => held.includes(p))
    : required.some((p) => held.includes(p));
}
