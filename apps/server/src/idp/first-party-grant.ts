import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * `loadExistingGrant` for our own console: it is first-party, so there is no consent screen.
 * Whatever it asks for (within what the provider supports) is granted on the spot, topping up an
 * existing grant too, so a changed OIDC_SCOPE never surfaces a consent prompt either.
 * Any other client keeps oidc-provider's default behaviour (and would need a consent step).
 */
export function createFirstPartyGrantLoader(firstPartyClientId: string) {
  return async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
    const { oidc } = ctx;
    const client = oidc.client;
    const session = oidc.session;
    if (!client || !session) return undefined;

    const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    const accountId = oidc.account?.accountId;
    if (client.clientId !== firstPartyClientId || !accountId) return existing;

    const grant =
      existing && existing.accountId === accountId
        ? existing
        : new oidc.provider.Grant({ clientId: client.clientId, accountId });
    grant.addOIDCScope(oidc.requestParamOIDCScopes);
    if (oidc.requestParamClaims.size > 0) grant.addOIDCClaims(oidc.requestParamClaims);
    for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
      const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
      if (scopes.length > 0) grant.addResourceScope(indicator, scopes);
    }
    await grant.save();
    return grant;
  };
}
