import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A new id with a type prefix (`C-`, `P-`…) and `length` random upper-case letters and digits,
 * drawn from the operating system's CSPRNG, so ids are unguessable as well as unique in practice.
 */
export function prefixedId(prefix: string, length: number): string {
  let id = prefix;
  for (let i = 0; i < length; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
