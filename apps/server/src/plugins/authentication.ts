import {
  CUSTOMER_ID_HEADER,
  customerIdSchema,
  permissionsForRoles,
  type Role,
} from '@boon/contracts';
import type { Accounts } from '@boon/customer-management';
import {
  AppError,
  effectiveTenantSource,
  fieldError,
  holdsPermissions,
  requestedTenant,
  type AuthContext,
  type TenantDecision,
} from '@boon/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issuedBeforeCutoff } from '../token-cutoff.js';
import type { TokenVerifier } from '../token-verifier.js';

export interface AuthenticationOptions {
  verifier: TokenVerifier;
  accounts: Accounts;
}

/**
 * Establishes `request.auth` for every route that isn't public and enforces the route's declared
 * access: a valid token (401); the tenant, from where the route says it comes (`x-customer-id`, a
 * path or a query parameter; 403 unless the user belongs to it or is staff, and 403 when the
 * request names two different customers); and the route's permissions at that customer (403).
 * Memberships are read from our database on each request, so a removed member loses access at
 * once, whatever the token says; a token issued before the user's password reset is refused (401). Handlers read the tenant from `request.auth.customerId` and never
 * compare customer ids themselves.
 */
export const authenticationPlugin = fp<AuthenticationOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request, reply) => {
      const { access, tenant } = request.routeOptions.config;
      if (access === undefined || access === 'public') return;
      const source = effectiveTenantSource(access, tenant);
      const decision = requestedTenant(
        source,
        {
          header: request.headers[CUSTOMER_ID_HEADER],
          params: request.params,
          query: request.query,
        },
        (value) => customerIdSchema.safeParse(value).success,
      );
      const auth = await withBearerChallenge(request, reply, () =>
        authenticate(request, decision, options),
      );
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

/**
 * A 401 names the scheme the client should use (RFC 6750 section 3), and says `invalid_token`
 * when it sent a bearer token that was refused, so a client knows to get a new one rather than
 * to sign in from scratch.
 */
async function withBearerChallenge<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') {
      const sent = bearerToken(request.headers.authorization) !== undefined;
      void reply.header('www-authenticate', sent ? 'Bearer error="invalid_token"' : 'Bearer');
    }
    throw error;
  }
}

async function authenticate(
  request: FastifyRequest,
  tenant: TenantDecision,
  { verifier, accounts }: AuthenticationOptions,
): Promise<AuthContext> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('unauthorized');
  const claims = await verifier.verify(token);
  const found = await accounts.findAccountWithMemberships(claims.sub);
  const account = found?.account;
  if (account && issuedBeforeCutoff(claims.iat, account.tokensValidAfter)) {
    throw new AppError('unauthorized');
  }
  if (account?.blocked) throw new AppError('forbidden');
  // After the token: an anonymous caller learns nothing about the route's tenant rules.
  // A path or query parameter the request left out or malformed is a field to correct (422),
  // as validation would say; a header that names no customer, or two customers named, is 403.
  if (!tenant.ok) {
    if (tenant.reason === 'missing' && tenant.field) throw fieldError(tenant.field, 'Required');
    if (tenant.reason === 'malformed' && tenant.field) {
      throw fieldError(tenant.field, 'Invalid customer id');
    }
    throw new AppError('forbidden');
  }
  const requested = tenant.customerId;

  // Read once here, with the account; routes find them on request.auth instead of asking again.
  const memberships = found?.memberships ?? [];
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
