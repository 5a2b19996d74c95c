import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { AuthContext, AuthUser } from './access.js';

/** The auth context of a route that isn't public; a missing one is a wiring bug, so 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

/** The backend user behind the token, or the spec's 404 "User doesn't exist for you". */
export function requireUser(request: FastifyRequest): AuthContext & { user: AuthUser } {
  const auth = requireAuth(request);
  if (!auth.user) throw new AppError('user_not_found');
  return auth as AuthContext & { user: AuthUser };
}
