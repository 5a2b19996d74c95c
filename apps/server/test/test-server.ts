import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createAccounts, MIN_PASSWORD_HASH_COST, passwordHashing } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT, importJWK, type JWTPayload } from 'jose';
import { loadIdpSecrets } from '../src/idp/keys.js';
import { buildApp } from '../src/app.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { openTestDatabase } from '@boon/db/testing';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  baseUrl: string;
  /** The server's own database, for arranging and checking state behind the API. */
  db: Database;
  /** Signs arbitrary claims with the embedded issuer's own key (expired tokens and the like). */
  signWithIssuerKey(claims: JWTPayload, header?: { typ?: string }): Promise<string>;
  /**
   * The access token the provider issues after a password sign-in by this address, without the
   * sign-in: the same claims (read from the database as the provider reads them), signed with its
   * key, for tests about what a signed-in user may do rather than about signing in (a real sign-in
   * costs a scrypt check and five HTTP round trips). Throws for an address nobody has.
   */
  accessTokenFor(email: string, customerId?: string): Promise<string>;
  /**
   * A request through Fastify's inject, addressed to this server's own host (the public-host
   * check refuses any other): every hook and handler, without a socket, for tests that make
   * thousands of calls and are not about HTTP itself.
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real server, listening on a free loopback port, over a database of its own with the demo
 * data. The port is chosen first because the issuer URL (and so every token) names it.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  /** Extra routes for the test, registered before the server starts listening. */
  addRoutes?: (app: FastifyInstance, db: Database) => void,
  /** Where the server's log lines go (with LOG_LEVEL in `env`), for tests that read them. */
  logStream?: { write(line: string): void },
): Promise<TestServer> {
  const config = await testConfig(env);
  const port = config.port;
  const database = await openTestDatabase('demo');
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  addRoutes?.(app, database.db);
  await app.listen({ host: config.host, port });
  // Read and imported once: a file mints a token per address it signs in.
  const signingKey = loadIdpSecrets(database.db).then(async ({ signingKeys: [key] }) => {
    if (!key) throw new Error('the issuer has no signing key');
    return { kid: key.kid ?? '', key: await importJWK(key, 'RS256') };
  });
  const signWithIssuerKey: TestServer['signWithIssuerKey'] = async (claims, header = {}) => {
    const { kid, key } = await signingKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt', ...header })
      .sign(key);
  };
  const host = new URL(config.publicUrl).host;
  const accounts = createAccounts(database.db, testPasswords);
  return {
    app,
    config,
    baseUrl: config.publicUrl,
    db: database.db,
    signWithIssuerKey,
    accessTokenFor: async (email, customerId) => {
      const account = await accounts.findByEmail(email);
      if (!account) throw new Error(`no user has the address ${email}`);
      const result = await accounts.tokenClaims(account.id, customerId);
      if (!result.ok) throw new Error(`no token for ${email} at ${customerId}: ${result.reason}`);
      const now = Math.floor(Date.now() / 1000);
      return signWithIssuerKey({
        ...result.claims,
        amr: ['pwd'],
        jti: randomBytes(24).toString('base64url'),
        iat: now,
        // The provider's access token lifetime (10 minutes) would run out in a long test file.
        exp: now + 3600,
        scope: 'openid email profile',
        client_id: config.oidc.clientId,
        iss: config.oidc.issuer,
        aud: config.oidc.audience,
      });
    },
    inject: (options) => app.inject({ ...options, headers: { host, ...options.headers } }),
    // A response a test left unread keeps its connection open, and a plain close waits for it
    // (70 s, once): the test is over, so every connection goes.
    close: async () => {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    },
  };
}

/** Configuration for a server on a free loopback port, quiet, with `env` on top. */
/**
 * The tests' scrypt cost (log2 N), the least a server accepts: the API tests sign in and set
 * passwords some 300 times, and at the production cost each check spent 180 ms of CPU, a sixth
 * of the suite. The server's demo users in the test templates are hashed at it too.
 */
export const TEST_PASSWORD_HASH_COST = MIN_PASSWORD_HASH_COST;
/** Hashes for the users a test makes, at the tests' cost. */
export const testPasswords = passwordHashing(TEST_PASSWORD_HASH_COST);

export async function testConfig(env: Record<string, string> = {}): Promise<ServerConfig> {
  const port = await freePort();
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    ...env,
  });
}

/** A port nothing listens on right now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
