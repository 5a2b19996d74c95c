import type { EndpointAccess, ErrorCode, Permission, Role, TenantSource } from '@boon/contracts';

/**
 * What a route needs, declared on every route (`config.access`, from its endpoint descriptor); the
 * server refuses to start with a route that doesn't say, so "every endpoint checks the
 * permission" is mechanical. See `EndpointAccess` in @boon/contracts.
 */
export type RouteAccess = EndpointAccess;

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
  /** The customer the request acts for (from its route's tenant source), if any. */
  customerId: string | undefined;
  /** Roles and permissions held at `customerId` (empty without one). */
  roles: Role[];
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Where the route's customer comes from; permission routes default to `x-customer-id`. */
    tenant?: TenantSource;
    /** The catalogue errors the route may answer beyond the common ones (its descriptor's). */
    errors?: readonly ErrorCode[];
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
