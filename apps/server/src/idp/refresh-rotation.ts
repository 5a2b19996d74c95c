import { errors, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * oidc-provider's `rotateRefreshToken`: always rotate, but only a refresh that can succeed.
 *
 * oidc-provider spends the presented refresh token (marks it consumed, issues its successor)
 * before it resolves the request's `resource`; a refresh naming a resource it then refuses has
 * already spent the token, and the client's next refresh with the token it still holds is taken
 * for a replay, which revokes the grant: one malformed request signs the user out. This runs right
 * before that rotation, so everything the request asks for is checked while refusing it still
 * leaves the token as it was.
 */
export function createRefreshRotation(audience: string) {
  return (ctx: KoaContextWithOIDC): boolean => {
    const token = ctx.oidc.entities.RefreshToken;
    if (!token) return true;
    for (const resource of requestedResources(ctx.oidc.params?.resource)) {
      if (resource !== audience || !token.resourceIndicators.has(resource)) {
        throw new errors.InvalidTarget();
      }
    }
    // oidc-provider checks this before rotating as well; kept here so the guarantee does not
    // rest on the order of its checks.
    const missing = [...ctx.oidc.requestParamScopes].filter((scope) => !token.scopes.has(scope));
    if (missing.length > 0) {
      throw new errors.InvalidScope('refresh token missing requested scope', missing.join(' '));
    }
    return true;
  };
}

function requestedResources(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}
