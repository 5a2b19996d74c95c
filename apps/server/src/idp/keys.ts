import { randomBytes } from 'node:crypto';
import { appSecrets, eq, type Database } from '@boon/db';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';

/** What the provider signs with and what the API verifies with. */
export interface IdpSecrets {
  /** Private JWKs, newest first: oidc-provider signs with the first one of each algorithm. */
  signingKeys: JWK[];
  /** Keygrip keys for oidc-provider's signed cookies, newest first. */
  cookieKeys: string[];
  /** The public halves of `signingKeys`, safe to hand to anything. */
  publicJwks: { keys: JWK[] };
}

const SIGNING_KEYS = 'idp.signing-keys';
const COOKIE_KEYS = 'idp.cookie-keys';

const rsaPrivateJwk = z.object({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
const signingKeysValue = z.object({ keys: z.array(rsaPrivateJwk).min(1) });
const cookieKeysValue = z.object({ keys: z.array(z.string().min(32)).min(1) });

/**
 * Reads the provider's keys from `app_secrets`, generating them on the very first start. Keys
 * live in the database rather than in memory so tokens and sessions survive a restart and every
 * process behind a load balancer signs and verifies with the same keys.
 *
 * Rotation: prepend a new key to the stored list (the first one signs, the rest still verify).
 */
export async function loadIdpSecrets(db: Database): Promise<IdpSecrets> {
  const signing = signingKeysValue.parse(
    await readOrCreate(db, SIGNING_KEYS, async () => ({ keys: [await generateSigningKey()] })),
  );
  const cookies = cookieKeysValue.parse(
    await readOrCreate(db, COOKIE_KEYS, async () => ({
      keys: [randomBytes(32).toString('base64url')],
    })),
  );
  const signingKeys = signing.keys as JWK[];
  return {
    signingKeys,
    cookieKeys: cookies.keys,
    publicJwks: { keys: signingKeys.map(publicPart) },
  };
}

async function readOrCreate(
  db: Database,
  name: string,
  create: () => Promise<unknown>,
): Promise<unknown> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  // Two processes starting together may both generate; the first insert wins and both read it.
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing({ target: appSecrets.name });
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`could not store the secret ${name}`);
  return stored;
}

async function readSecret(db: Database, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name))
    .limit(1);
  return row?.value;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function publicPart(jwk: JWK): JWK {
  const { kty, kid, alg, use, n, e } = jwk;
  return { kty, kid, alg, use, n, e };
}
