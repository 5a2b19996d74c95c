import { useMemo, useRef } from 'react';

export interface IdempotencyKey {
  /**
   * The key of this request: the same for every retry of the same values (a second click, a retry
   * after a lost answer), a new one when the values differ, since that is another request.
   */
  for(request: unknown): string;
  /** After a success the next submit is a new attempt, even with the same values. */
  renew(): void;
}

/** A random UUID; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per attempt of a form, for endpoints that honour one: the server then does a
 * retried submit once (one invite, one company, one approval), however often it arrives.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const attempt = useRef<{ key: string; request: string } | null>(null);
  return useMemo(
    () => ({
      for(request) {
        const fingerprint = JSON.stringify(request);
        if (attempt.current?.request !== fingerprint) {
          attempt.current = { key: newIdempotencyKey(), request: fingerprint };
        }
        return attempt.current.key;
      },
      renew() {
        attempt.current = null;
      },
    }),
    [],
  );
}
