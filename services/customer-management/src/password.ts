import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

/**
 * scrypt's cost for new hashes, as log2 N (r=8, p=1). OWASP's floor (N=2^17) costs ~130 MB per
 * hash; 2^15 (32 MB, ~180 ms of CPU here) keeps concurrent sign-ins affordable on a small box
 * while staying well above brute-force comfort. Each hash stores its own parameters, so a
 * different cost later needs no migration: old hashes are checked at the cost they were made.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
/** The least cost a server accepts (PASSWORD_HASH_COST); production refuses less than the default. */
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 20;

/** Hashing and checking passwords at one cost. */
export interface PasswordHashing {
  /** `scrypt$N$r$p$salt$hash` with base64url parts, with a salt of its own. */
  hash(password: string): Promise<string>;
  /** Checks against a stored hash at the parameters it was made with. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends a real check's time, so unknown e-mails can't be told apart by timing. */
  burnCheck(password: string): Promise<void>;
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

async function verify(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Passwords hashed at `cost` (log2 N). The server takes it from PASSWORD_HASH_COST; tests lower
 * it, as Django's and Rails' test settings lower theirs, so that a sign-in in a test checks its
 * password in milliseconds rather than the production cost's 180 ms of CPU.
 */
export function passwordHashing(cost = DEFAULT_PASSWORD_HASH_COST): PasswordHashing {
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST) {
    throw new RangeError(
      `a password hash cost is an integer from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`,
    );
  }
  const params = { N: 2 ** cost, r: 8, p: 1 } as const;
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, params);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  }
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    verify,
    async burnCheck(password) {
      dummyHash ??= hash(randomBytes(12).toString('hex'));
      await verify(password, await dummyHash);
    },
  };
}
