import type { Permission } from '@boon/contracts';

/** The access-token claims the console reads (decisions.md); the server verifies the token. */
export interface ConsoleTokenClaims {
  permissions: Permission[];
  isStaff: boolean;
  /** The customer the roles and permissions are for; null when the token names none. */
  customerId: string | null;
  /** The customers the user belongs to, as the token was issued (`customer_ids`). */
  customerIds: string[];
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * Reads the claims of a JWT access token without verifying it: the console only mirrors what the
 * server, which does verify it, enforces. A token that is not a readable JWT grants nothing.
 */
export function readAccessTokenClaims(token: string | null | undefined): ConsoleTokenClaims {
  const none: ConsoleTokenClaims = {
    permissions: [],
    isStaff: false,
    customerId: null,
    customerIds: [],
  };
  const payload = token?.split('.')[1];
  if (!payload) return none;
  try {
    const claims = decodeSegment(payload) as Record<string, unknown>;
    return {
      permissions: Array.isArray(claims.permissions)
        ? (claims.permissions.filter((p) => typeof p === 'string') as Permission[])
        : [],
      isStaff: claims.is_staff === true,
      customerId: typeof claims.customer_id === 'string' ? claims.customer_id : null,
      customerIds: Array.isArray(claims.customer_ids)
        ? claims.customer_ids.filter((id) => typeof id === 'string')
        : [],
    };
  } catch {
    return none;
  }
}
