import middie from '@fastify/middie';
import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import type { Mailer } from '@boon/mail';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { JWK } from 'jose';
import type { ServerConfig } from '../config.js';
import { purgeExpired } from './adapter.js';
import { pruneFailures } from './sign-in-failures.js';
import { createEmailRoutes } from './email-routes.js';
import { renderErrorPage } from './error-page.js';
import { exceededLimit, sendPage } from './forms.js';
import type { PageContext } from './html.js';
import { createInteractionEntry } from './interaction-entry.js';
import { createInteractionRoutes } from './interaction-routes.js';
import type { MailContext } from './mails.js';
import { defineAccountMailJobs } from './account-mail-jobs.js';
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
  /** Queues the mails that must not be looked up in the request (password reset). */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Holds a sign-in attempt back for its throttle delay; a timer unless a test records it. */
  waitBeforeSignIn?: (delayMs: number) => Promise<void>;
}

function mailContextOf(config: ServerConfig, mailer: Mailer): MailContext {
  return {
    mailer,
    productName: config.productName,
    issuer: config.idp.issuer,
    publicUrl: config.publicUrl,
  };
}

/**
 * The provider's background jobs. Every role declares them (a worker runs them, and serves no
 * provider), so they are not part of createEmbeddedIdp.
 */
export async function defineIdpJobs(options: {
  config: ServerConfig;
  db: Database;
  accounts: Accounts;
  mailer: Mailer;
  jobs: JobQueue;
}): Promise<void> {
  const { config, db, accounts, mailer, jobs } = options;
  await defineAccountMailJobs(jobs, { db, accounts, mail: mailContextOf(config, mailer) });
}

/**
 * oidc-provider (Koa) builds the URLs it publishes from the request's host and scheme, and with a
 * proxy configured it reads X-Forwarded-Host and -Proto from anyone, taking their first entries.
 * Fastify knows which proxy to believe (TRUST_PROXY) and which entry that proxy set, so the raw
 * request handed over carries Fastify's answer alone.
 */
function presentTrustedOrigin(request: FastifyRequest): void {
  const headers = request.raw.headers;
  headers.host = request.host;
  delete headers['x-forwarded-host'];
  headers['x-forwarded-proto'] = request.protocol;
}

/**
 * New authorization requests a client address may send: each one without a session stores a
 * sign-in interaction, and no sign-in is needed to send them. A person starts a sign-in now and
 * then; an office behind one address starts a few a minute.
 */
const AUTHORIZATION_REQUESTS_PER_CLIENT = { max: 60, timeWindow: '1 minute' };

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
  provider.use(createInteractionEntry(page, basePath));
  const mail = mailContextOf(config, options.mailer);
  const interactionRoutes = createInteractionRoutes({
    provider,
    accounts,
    db,
    mail,
    page,
    issuer,
    basePath,
    ...(options.waitBeforeSignIn ? { waitBeforeSignIn: options.waitBeforeSignIn } : {}),
  });
  const emailRoutes = createEmailRoutes({
    accounts,
    db,
    jobs: options.jobs,
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

  /** Counts new authorization requests (not the resumption after sign-in) per client address. */
  function throttleAuthorizationRequests(scope: FastifyInstance) {
    const limit = scope.createRateLimit(AUTHORIZATION_REQUESTS_PER_CLIENT);
    const authorizationPath = `${basePath}/auth`;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.split('?', 1)[0] !== authorizationPath) return;
      if ((await exceededLimit(request, reply, [limit])) === undefined) return;
      request.log.info('authorization requests throttled');
      return sendPage(
        reply,
        429,
        renderErrorPage(page, {
          title: 'Too many sign-in requests',
          message: `Too many sign-ins were started from your network. Wait a minute, then go back to ${page.productName} and sign in again.`,
        }),
      );
    };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(assets.routes);
    await app.register(interactionRoutes);
    await app.register(emailRoutes);
    await app.register(twoFactorRoutes);
    // oidc-provider is a Koa app. middie hands it the raw request in onRequest, before Fastify
    // reads the body, because oidc-provider parses its own. Its scope holds only the catch-all
    // routes, so our own routes above (more specific paths, sibling scopes) never reach it.
    await app.register(async (scope) => {
      scope.addHook('onRequest', throttleAuthorizationRequests(scope));
      scope.addHook('onRequest', async (request) => presentTrustedOrigin(request));
      await scope.register(middie);
      scope.use(basePath, callback);
      const unreachable = async () => {
        throw new Error('the identity provider should have answered this request');
      };
      scope.all(basePath, unreachable);
      scope.all(`${basePath}/*`, unreachable);
    });
  };

  // Expired rows are already invisible; this only keeps the tables small.
  const purgeTimer = setInterval(() => {
    Promise.all([purgeExpired(db), pruneFailures(db)]).then(
      ([payloads, failures]) => {
        const count = payloads + failures;
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
