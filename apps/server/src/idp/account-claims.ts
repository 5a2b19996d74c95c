import type { Accounts } from '@boon/customer-management';
import type { Account, FindAccount, KoaContextWithOIDC } from 'oidc-provider';

/** Which scope releases which ID token / userinfo claims. */
export const scopeClaims = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name'],
};

/**
 * oidc-provider's account lookup. A blocked or deleted user resolves to nothing, which makes
 * oidc-provider refuse their refresh tokens and sessions: blocking takes effect at the next
 * refresh (within one access-token lifetime), without hunting down their tokens.
 */
export function createFindAccount(accounts: Accounts): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    const account = await accounts.findAccountById(sub);
    if (!account || account.blocked) return undefined;
    return {
      accountId: account.id,
      claims: () => ({
        sub: account.id,
        email: account.email,
        email_verified: account.emailVerified,
        ...(account.firstName ? { given_name: account.firstName } : {}),
        ...(account.lastName ? { family_name: account.lastName } : {}),
      }),
    };
  };
}

/**
 * The claims decisions.md puts in access tokens. Read from the database at every issue, refresh
 * included, so a changed role reaches the console with its next token.
 */
export function createAccessTokenClaims(accounts: Accounts) {
  return async (
    _ctx: KoaContextWithOIDC,
    token: { kind: string; accountId?: string | undefined },
  ): Promise<Record<string, unknown> | undefined> => {
    if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
    const claims = await accounts.tokenClaims(token.accountId);
    if (!claims) return undefined;
    const { sub: _sub, ...rest } = claims;
    return rest;
  };
}
