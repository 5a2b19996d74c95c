import { customerIdSchema } from '@boon/contracts';
import type { Accounts } from '@boon/customer-management';
// When the user last passed the second factor (epoch seconds), in tokens of a sign-in that did;
// the console's MFA window (spec 4.2 and 9, isMfaOutdated) reads it.
import { MFA_TIME_CLAIM } from '@boon/domain';
import { errors, type Account, type FindAccount, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * The token endpoint parameter naming the customer an access token is for (its roles and
 * permissions are those held there). The console sends it on the authorization-code exchange and
 * on refreshes (oidc-client-ts: `extraTokenParams: { customer_id }`).
 */
export const CUSTOMER_ID_PARAM = 'customer_id';

/** The `amr` value of a TOTP second factor (RFC 8176). */
const OTP_METHOD = 'otp';

/**
 * Which scope releases which ID token / userinfo claims. oidc-provider sets `amr` on ID tokens
 * from the sign-in, but releases only claims some scope names.
 */
export const scopeClaims = {
  openid: ['sub', 'amr', MFA_TIME_CLAIM],
  email: ['email', 'email_verified'],
  profile: ['given_name', 'family_name'],
};

/**
 * oidc-provider's account lookup. A blocked or deleted user resolves to nothing, which makes
 * oidc-provider refuse their refresh tokens and sessions: blocking takes effect at the next
 * refresh (within one access-token lifetime), without hunting down their tokens.
 *
 * At the token endpoint it also refuses a `customer_id` the user may not act for. The grants look
 * the account up before a refresh token is rotated, so a refused refresh leaves the client's
 * refresh token working (a refused code exchange has spent its one-time code, as any failed
 * exchange does).
 */
export function createFindAccount(accounts: Accounts): FindAccount {
  return async (ctx, sub, token): Promise<Account | undefined> => {
    const account = await accounts.findAccountById(sub);
    if (!account || account.blocked) return undefined;
    const customerId = requestedCustomerId(ctx);
    if (customerId !== undefined) {
      const result = await accounts.tokenClaims(account.id, customerId);
      if (!result.ok) throw customerNotAllowed();
    }
    // At the token endpoint `token` is the code or refresh token the ID token is issued from.
    const { mfa_time } = signInMethodClaims(token);
    return {
      accountId: account.id,
      claims: () => ({
        ...(mfa_time === undefined ? {} : { [MFA_TIME_CLAIM]: mfa_time }),
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
 * The claims decisions.md puts in access tokens, for the customer the token request names
 * (`customer_id`) or else the user's first, plus `customer_id` saying which. Read from the
 * database at every issue, refresh included, so a changed role reaches the console with its next
 * token.
 */
export function createAccessTokenClaims(accounts: Accounts) {
  return async (
    ctx: KoaContextWithOIDC,
    token: { kind: string; accountId?: string | undefined },
  ): Promise<Record<string, unknown> | undefined> => {
    if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
    const result = await accounts.tokenClaims(token.accountId, requestedCustomerId(ctx));
    if (!result.ok) {
      // The account lookup refused this already; a membership removed in between lands here.
      if (result.reason === 'customer_not_allowed') throw customerNotAllowed();
      return undefined;
    }
    const { sub: _sub, ...rest } = result.claims;
    // The code (first issue) or refresh token (later ones) says how the user signed in.
    const { RefreshToken, AuthorizationCode } = ctx.oidc?.entities ?? {};
    return { ...rest, ...signInMethodClaims(RefreshToken ?? AuthorizationCode) };
  };
}

/**
 * `amr` (how the user signed in: `pwd`, plus `otp` with a second factor) and, after a second
 * factor, `mfa_time`: the sign-in time, which is when the code was accepted (the interaction
 * finishes the login right then). Read from the code or refresh token a token is issued from,
 * which oidc-provider copies both into from the session.
 */
export function signInMethodClaims(source: unknown): { amr?: string[]; mfa_time?: number } {
  if (typeof source !== 'object' || source === null) return {};
  const { amr, authTime } = source as { amr?: unknown; authTime?: unknown };
  if (!Array.isArray(amr) || !amr.every((method) => typeof method === 'string')) return {};
  const methods = amr as string[];
  return methods.includes(OTP_METHOD) && typeof authTime === 'number'
    ? { amr: methods, mfa_time: authTime }
    : { amr: methods };
}

/**
 * The customer a token request names, or undefined when it names none (an empty value counts as
 * none, RFC 6749 section 3.1). oidc-provider's `extraParams` only reach authorization requests;
 * at the token endpoint `ctx.oidc.params` keeps just the grant's own parameters, so this reads the
 * parsed form body, which holds them all.
 */
export function requestedCustomerId(ctx: KoaContextWithOIDC | undefined): string | undefined {
  if (ctx?.oidc?.route !== 'token') return undefined;
  const value = ctx.oidc.body?.[CUSTOMER_ID_PARAM];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new errors.InvalidRequest(`'${CUSTOMER_ID_PARAM}' parameter must only be provided once`);
  }
  const parsed = customerIdSchema.safeParse(value);
  if (!parsed.success) {
    throw new errors.InvalidRequest(`'${CUSTOMER_ID_PARAM}' is not a customer id`);
  }
  return parsed.data;
}

function customerNotAllowed() {
  return new errors.InvalidRequest(
    `the user may not act for the customer named by '${CUSTOMER_ID_PARAM}'`,
  );
}
