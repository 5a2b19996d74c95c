import {
  CUSTOMER_ID_HEADER,
  customerIdSchema,
  permissionsForRoles,
  type Role,
} from '@boon/contracts';
import type { Accounts } from '@boon/customer-management';
import { AppError, holdsPermissions, type AuthContext } from '@boon/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenVerifier } from '../token-verifier.js';

export interface AuthenticationOptions {
  verifier: TokenVerifier;
  accounts: Accounts;
}

/**
 * Establishes `request.auth` for every route that isn't public and enforces the route's declared
 * access: a valid token (401), the tenant named by `x-customer-id` (403 unless the user belongs to
 * it or is staff), and the route's permissions at that customer (403). Memberships are read from
 * our database on each request, so a removed member loses access at once, whatever the token says.
 */
export const authenticationPlugin = fp<AuthenticationOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const auth = await authenticate(request, options);
      if (access === 'staff' && !auth.user?.isStaff) throw new AppError('forbidden');
      if (typeof access === 'object') {
        if (!auth.customerId) throw new AppError('forbidden');
        const staffPass = access.orStaff === true && auth.user?.isStaff === true;
        if (!staffPass && !holdsPermissions(auth.permissions, access.permissions, access.mode)) {
          throw new AppError('forbidden');
        }
      }
      request.auth = auth;
    });
  },
);

async function authenticate(
  request: FastifyRequest,
  { verifier, accounts }: AuthenticationOptions,
): Promise<AuthContext> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('unauthorized');
  const claims = await verifier.verify(token);
  const account = await accounts.findAccountById(claims.sub);
  if (account?.blocked) throw new AppError('forbidden');

  // Read once here; routes find them on request.auth instead of asking again.
  const memberships = account ? await accounts.listMemberships(account.id) : [];
  const requested = request.headers[CUSTOMER_ID_HEADER];
  let customerId: string | undefined;
  let roles: Role[] = [];
  if (requested !== undefined) {
    const parsed = customerIdSchema.safeParse(requested);
    if (!parsed.success || !account) throw new AppError('forbidden');
    const membership = memberships.find((m) => m.customerId === parsed.data);
    if (!membership && !(account.isStaff && (await accounts.customerExists(parsed.data)))) {
      throw new AppError('forbidden');
    }
    customerId = parsed.data;
    roles = membership?.roles ?? [];
  }

  return {
    subject: claims.sub,
    email: account?.email ?? claims.email,
    user: account && {
      id: account.id,
      email: account.email,
      isStaff: account.isStaff,
      memberships: memberships.map(({ customerId: id, roles: held }) => ({
        customerId: id,
        roles: held,
      })),
    },
    customerId,
    roles,
    permissions: permissionsForRoles(roles),
  };
}

function bearerToken(header: string | undefined): string | undefined {
  // The scheme is case-insensitive (RFC 9110); the token itself is base64url with dots.
  const match = header?.match(/^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/i);
  return match?.[1];
}
