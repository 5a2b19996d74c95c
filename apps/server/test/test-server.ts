import { createServer } from 'node:net';
import type { Database } from '@boon/db';
import type { FastifyInstance } from 'fastify';
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
  return {
    app,
    config,
    baseUrl: config.publicUrl,
    db: database.db,
    signWithIssuerKey: async (claims, header = {}) => {
      const [key] = (await loadIdpSecrets(database.db)).signingKeys;
      if (!key) throw new Error('the issuer has no signing key');
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid ?? '', typ: 'at+jwt', ...header })
        .sign(await importJWK(key, 'RS256'));
    },
    close: () => app.close(),
  };
}

/** Configuration for a server on a free loopback port, quiet, with `env` on top. */
export async function testConfig(env: Record<string, string> = {}): Promise<ServerConfig> {
  const port = await freePort();
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
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
