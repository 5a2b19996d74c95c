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

/** Seconds of clock skew allowed on `exp` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Tokens remembered as verified (some 20 MB at most); the oldest go first. */
const VERIFIED_TOKENS_KEPT = 5_000;
/**
 * The longest a token is taken at its word before its signature is checked again: as long as
 * jose keeps an issuer's keys, so a key the issuer withdraws stops every token within it.
 */
const VERIFIED_FOR_SECONDS = 600;

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

  /**
   * A client sends the same token with every request for its lifetime, and checking its signature
   * is about a twentieth of the CPU an order costs the API. What a token's bytes say never changes, so once
   * they verified, the same bytes are taken at their word again until they expire; any other
   * bytes (a forged or altered token among them) are verified in full. Whether the user may still
   * use the token (a password reset, a block) is read from the database on every request anyway.
   * A signing key the issuer withdraws stops the tokens not seen yet at once, and those seen
   * within VERIFIED_FOR_SECONDS. The claims are frozen: every request with the token shares them.
   */
  const verified = new Map<string, { claims: VerifiedToken; exp: number; until: number }>();

  return {
    async verify(token) {
      const known = verified.get(token);
      const now = Date.now() / 1000;
      if (known) {
        if (known.exp <= now - CLOCK_TOLERANCE_SECONDS) {
          verified.delete(token);
          throw new AppError('unauthorized');
        }
        if (now < known.until) return known.claims;
        // Remembered long enough: verified again in full below, and remembered anew.
        verified.delete(token);
      }
      let claims: VerifiedToken;
      let exp: number;
      try {
        const { payload } = await jwtVerify(token, await keys(), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          ...(options.tokenType ? { typ: options.tokenType } : {}),
        });
        const { iat } = payload;
        if (typeof iat !== 'number' || typeof payload.exp !== 'number') {
          throw new Error('iat or exp is not a number');
        }
        claims = deepFreeze({ ...accessTokenClaimsSchema.parse(payload), iat });
        exp = payload.exp;
      } catch {
        throw new AppError('unauthorized');
      }
      if (verified.size >= VERIFIED_TOKENS_KEPT) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, { claims, exp, until: now + VERIFIED_FOR_SECONDS });
      return claims;
    },
  };
}

/** The claims and the arrays in them, frozen. */
function deepFreeze<T extends object>(claims: T): T {
  for (const value of Object.values(claims)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(claims);
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
