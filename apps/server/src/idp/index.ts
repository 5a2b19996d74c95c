import middie from '@fastify/middie';
import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { Mailer } from '@boon/mail';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { JWK } from 'jose';
import type { ServerConfig } from '../config.js';
import { purgeExpired } from './adapter.js';
import { createEmailRoutes } from './email-routes.js';
import type { PageContext } from './html.js';
import { createInteractionRoutes } from './interaction-routes.js';
import { loadIdpSecrets } from './keys.js';
import { basePathOf, createProvider } from './provider.js';
import { createStaticAssets } from './static-assets.js';
import { createTwoFactorRoutes } from './two-factor-routes.js';

export interface EmbeddedIdp {
  /** Public signing keys, so the API verifies tokens locally without an HTTP round trip to itself. */
  publicJwks: { keys: JWK[] };
  /** Fastify plugin; register it at the root. It serves everything under /idp. */
  plugin: FastifyPluginAsync;
  /** Stops timers (the expired-row purge). */
  close(): Promise<void>;
}

export interface EmbeddedIdpOptions {
  config: ServerConfig;
  db: Database;
  accounts: Accounts;
  /** Sends the provider's mails (verify e-mail, reset password). */
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const PURGE_INTERVAL_MS = 15 * 60 * 1000;

/** The embedded OpenID Connect provider (oidc-provider), served by our Fastify app under /idp. */
export async function createEmbeddedIdp(options: EmbeddedIdpOptions): Promise<EmbeddedIdp> {
  const { config, db, accounts } = options;
  const log = options.log.child({ module: 'idp' });
  const issuer = config.idp.issuer;
  const basePath = basePathOf(issuer);

  const secrets = await loadIdpSecrets(db);
  const assets = createStaticAssets(basePath);
  const page: PageContext = {
    productName: config.productName,
    stylesheetUrl: assets.stylesheetUrl,
    homeUrl: `${config.publicUrl}/`,
  };
  const provider = createProvider({
    config,
    db,
    accounts,
    secrets,
    page,
    logoutScriptUrl: assets.logoutScriptUrl,
    log,
  });
  const mail = {
    mailer: options.mailer,
    productName: config.productName,
    issuer,
    publicUrl: config.publicUrl,
  };
  const interactionRoutes = createInteractionRoutes({
    provider,
    accounts,
    db,
    mail,
    page,
    issuer,
    basePath,
  });
  const emailRoutes = createEmailRoutes({
    accounts,
    db,
    mail,
    page,
    issuer,
    basePath,
    publicUrl: config.publicUrl,
  });
  const twoFactorRoutes = createTwoFactorRoutes({
    provider,
    accounts,
    db,
    page,
    issuer,
    basePath,
    publicUrl: config.publicUrl,
  });
  const callback = provider.callback();

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(assets.routes);
    await app.register(interactionRoutes);
    await app.register(emailRoutes);
    await app.register(twoFactorRoutes);
    // oidc-provider is a Koa app. middie hands it the raw request in onRequest, before Fastify
    // reads the body, because oidc-provider parses its own. Its scope holds only the catch-all
    // routes, so our own routes above (more specific paths, sibling scopes) never reach it.
    await app.register(async (scope) => {
      await scope.register(middie);
      scope.use(basePath, callback);
      const unreachable = async () => {
        throw new Error('the identity provider should have answered this request');
      };
      scope.all(basePath, unreachable);
      scope.all(`${basePath}/*`, unreachable);
    });
  };

  // Expired rows are already invisible; this only keeps the table small.
  const purgeTimer = setInterval(() => {
    purgeExpired(db).then(
      (count) => {
        if (count > 0) log.debug({ count }, 'purged expired identity provider rows');
      },
      (error: unknown) => log.warn({ err: error }, 'purging expired identity provider rows failed'),
    );
  }, PURGE_INTERVAL_MS);
  purgeTimer.unref();

  return {
    publicJwks: secrets.publicJwks,
    plugin,
    close: async () => clearInterval(purgeTimer),
  };
}
