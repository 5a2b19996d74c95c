import { createHash } from 'node:crypto';
import { AppError } from '@boon/service-kit';
import canonicalize from 'canonicalize';

/** The parts of a request that decide what it does, once the route is known. */
export interface FingerprintedRequest {
  params: unknown;
  query: unknown;
  body: unknown;
}

/**
 * SHA-256 (hex) of the RFC 8785 canonical JSON of the request's path parameters, query and body.
 * Canonical, so a retry whose JSON orders keys or spaces differently (another client library, a
 * re-serialised payload) is still the same request. The key is scoped to the route pattern, so the
 * path parameters belong in the fingerprint: a key reused for `/orders/A/cancel` and then
 * `/orders/B/cancel` is another request, not a replay. The query counts for the same reason. The
 * parsed values are used, after schema validation, so only what the route actually reads counts.
 */
export function requestFingerprint({ params, query, body }: FingerprintedRequest): string {
  let canonical: string | undefined;
  try {
    canonical = canonicalize({ params: params ?? null, query: query ?? null, body: body ?? null });
  } catch {
    // A lone UTF-16 surrogate in a JSON string has no canonical form (nor a meaning to keep).
    throw new AppError('bad_request');
  }
  return createHash('sha256')
    .update(canonical ?? '')
    .digest('hex');
}
