import { accessTokenClaimsSchema, type AccessTokenClaims } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

/** The claims our API reads, and when the token was issued (`iat`, in seconds). */
export type VerifiedToken = AccessTokenClaims & { iat: number };

export interface TokenVerifier {
  /** The token's claims, or AppError('unauthorized') for a missing, expired, forged or foreign one. */
  verify(token: string): Promise<VerifiedToken>;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The embedded provider's public keys; without them the issuer's JWKS is discovered over HTTP. */
  localJwks?: JSONWebKeySet;
  /**
   * The JOSE `typ` access tokens must carry (RFC 9068's `at+jwt` for the embedded provider).
   * Not every provider sets one, so it is only required when given.
   */
  tokenType?: string;
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const getKeys = options.localJwks
    ? Promise.resolve(createLocalJWKSet(options.localJwks))
    : undefined;
  let discovered: Promise<JWTVerifyGetKey> | undefined = getKeys;

  function keys(): Promise<JWTVerifyGetKey> {
    discovered ??= discoverJwks(options.issuer).catch((error: unknown) => {
      discovered = undefined; // try again on the next request
      throw error;
    });
    return discovered;
  }

  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keys(), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: 5,
          ...(options.tokenType ? { typ: options.tokenType } : {}),
        });
        const { iat } = payload;
        if (typeof iat !== 'number') throw new Error('iat is not a number');
        return { ...accessTokenClaimsSchema.parse(payload), iat };
      } catch {
        throw new AppError('unauthorized');
      }
    },
  };
}

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
  if (!jwksUri) throw new Error(`OpenID discovery for ${issuer} has no jwks_uri`);
  return createRemoteJWKSet(new URL(jwksUri));
}
